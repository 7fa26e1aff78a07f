import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LimitedHasher } from '../adapters/crypto/limited-hasher.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { SmtpMailSender } from '../adapters/mail/smtp-sender.ts';
import { openRuntime } from '../cli/runtime.ts';
import { composeServer } from './composition-root.ts';
import { GuessLimitedHasher } from './security/password-guesses.ts';
import { loadConfig } from './config.ts';
import { cryptoRandom } from './system-ports.ts';

describe('composeServer', () => {
  it('wires SQLite from DATABASE_URL, the real ports, and no Google client in dev mode', async () => {
    const { deps, googleAuth, config, store } = await composeServer(loadConfig({ DATABASE_URL: 'sqlite::memory:' }), {
      processMetrics: false,
    });
    expect(config.authMode).toBe('dev');
    expect(googleAuth).toBeNull();
    expect(deps.store).toBe(store);
    const users = await deps.store.read((repos) => repos.users.count());
    expect(users).toEqual({ users: 0, bots: 0 });
    const hash = await deps.hasher.hash('pass1', { requester: 'u1' });
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await deps.hasher.verify('pass1', hash, { requester: 'u1', secret: 'guild:g1' })).toBe(true);
    // Wrong guesses limited in front of scrypt, which runs at most 2 at a time per instance (DESIGN.md §14).
    expect(deps.hasher).toBeInstanceOf(GuessLimitedHasher);
    const scrypt = (deps.hasher as GuessLimitedHasher).inner;
    expect(scrypt).toBeInstanceOf(LimitedHasher);
    expect((scrypt as LimitedHasher).maxConcurrent).toBe(2);
    await deps.store.close();
  });

  it('builds the Google client when configured', async () => {
    const { googleAuth, deps } = await composeServer(
      loadConfig({
        DATABASE_URL: 'sqlite::memory:',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 's',
        PUBLIC_URL: 'https://lowest.example',
      }),
      { processMetrics: false },
    );
    const url = googleAuth?.authorizationUrl('state-1', 'v'.repeat(43));
    expect(url?.origin).toBe('https://accounts.google.com');
    expect(url?.searchParams.get('redirect_uri')).toBe('https://lowest.example/auth/google/callback');
    expect(url?.searchParams.get('code_challenge_method')).toBe('S256');
    await deps.store.close();
  });
});

describe('one composition root for the server and the CLI', () => {
  it('gives both the same ports for the same environment', async () => {
    const env = { DATABASE_URL: 'sqlite::memory:', SMTP_URL: 'smtp://user:pass@127.0.0.1:2525', CURRENCY: 'EUR' };
    const server = await composeServer(loadConfig(env), { processMetrics: false });
    const cli = await openRuntime(env);
    try {
      expect((server.deps.hasher as GuessLimitedHasher).inner).toBeInstanceOf(LimitedHasher);
      expect(cli.deps.hasher).toBeInstanceOf(LimitedHasher);
      for (const { deps, mailSender } of [server, cli]) {
        expect(deps.digest).toBe(nodeDigest);
        expect(deps.random).toBe(cryptoRandom);
        expect(deps.config.currency).toBe('EUR');
        expect(mailSender).toBeInstanceOf(SmtpMailSender);
      }
      expect(cli.deps.config).toEqual(server.deps.config);
    } finally {
      await server.store.close();
      await cli.close();
    }
  });

  it('is the only server or CLI module that picks an adapter (imports one for its value), with its container modules', () => {
    const root = join(import.meta.dirname, '..');
    const sources = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
        .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
        .map((f) => relative(root, join(f.parentPath, f.name)));
    const picking = [...sources('server'), ...sources('cli')].filter((file) =>
      /(^import (?!type )[^;]*from |import\()'(\.\.\/)+adapters\//m.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(picking.sort()).toEqual([
      'server/composition-root.ts',
      'server/container/mail-module.ts',
      'server/container/memory-module.ts',
      'server/container/postgres-module.ts',
      'server/container/sqlite-module.ts',
      'server/container/system-module.ts',
    ]);
  });
});

describe('cryptoRandom', () => {
  it('draws floats in [0, 1), UUIDs and hex tokens', () => {
    const draws = Array.from({ length: 2000 }, () => cryptoRandom.next());
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(draws).size).toBe(2000);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
    expect(cryptoRandom.id()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cryptoRandom.tokenHex(32)).toMatch(/^[0-9a-f]{64}$/);
  });
});
