import { describe, expect, it } from 'vitest';
import { LimitedHasher } from '../adapters/crypto/limited-hasher.ts';
import { buildContainer, servicesOf } from './composition-root.ts';
import { loadConfig } from './config.ts';
import { cryptoRandom } from './system-ports.ts';

describe('buildContainer', () => {
  it('wires SQLite from DATABASE_URL, the real ports, and no Google client in dev mode', async () => {
    const container = await buildContainer(loadConfig({ DATABASE_URL: 'sqlite::memory:' }));
    const { deps, googleAuth, config } = servicesOf(container);
    expect(config.authMode).toBe('dev');
    expect(googleAuth).toBeNull();
    const users = await deps.store.read((repos) => repos.users.count());
    expect(users).toEqual({ users: 0, bots: 0 });
    const hash = await deps.hasher.hash('pass1');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await deps.hasher.verify('pass1', hash)).toBe(true);
    // scrypt behind the per-instance limit of 2 at a time (DESIGN.md §14).
    expect(deps.hasher).toBeInstanceOf(LimitedHasher);
    expect((deps.hasher as LimitedHasher).maxConcurrent).toBe(2);
    expect(servicesOf(container).deps).toBe(deps);
    await deps.store.close();
  });

  it('builds the Google client when configured', async () => {
    const container = await buildContainer(
      loadConfig({ DATABASE_URL: 'sqlite::memory:', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', PUBLIC_URL: 'https://lowest.example' }),
    );
    const { googleAuth, deps } = servicesOf(container);
    const url = googleAuth?.authorizationUrl('state-1', 'v'.repeat(43));
    expect(url?.origin).toBe('https://accounts.google.com');
    expect(url?.searchParams.get('redirect_uri')).toBe('https://lowest.example/auth/google/callback');
    expect(url?.searchParams.get('code_challenge_method')).toBe('S256');
    await deps.store.close();
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
