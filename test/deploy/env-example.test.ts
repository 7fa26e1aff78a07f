// deploy/.env.example names every variable the configuration reads, each once, none other; and what it says parses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../server/config.ts';

const file = readFileSync(join(import.meta.dirname, '..', '..', 'deploy', '.env.example'), 'utf8');

/** `NAME=value` lines, set or commented out (`# NAME=value`), in order. */
const assignments = (text: string): { name: string; value: string }[] =>
  text.split('\n').flatMap((line) => {
    const found = /^(?:#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return found ? [{ name: found[1] ?? '', value: found[2] ?? '' }] : [];
  });

describe('deploy/.env.example', () => {
  it('names each variable server/config.ts reads exactly once, and nothing else', () => {
    const names = assignments(file).map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('parses as the server reads it, the commented examples included, once Google sign-in is filled in', () => {
    const uncommented = assignments(file)
      .map((a) => `${a.name}=${a.value}`)
      .join('\n');
    const env = {
      ...parseEnv(uncommented),
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    };
    const config = loadConfig(env, { cwd: '/opt/lowest' });
    expect(config).toMatchObject({ authMode: 'google', trustProxy: 1, publicUrl: 'https://lowest.example' });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.game).toMatchObject({ closeTime: '10:00', closeZone: 'Australia/Brisbane' });
  });
});
