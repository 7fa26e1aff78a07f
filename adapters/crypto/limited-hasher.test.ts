import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../core/ports.ts';
import { LimitedHasher, MAX_CONCURRENT_HASHES } from './limited-hasher.ts';

/** Records the order hashes start in; each finishes (or fails) when the test says. */
const controlled = () => {
  const started: string[] = [];
  const pending = new Map<string, { resolve: (v: string) => void; reject: (e: Error) => void }>();
  const hasher: PasswordHasher = {
    hash: (password) =>
      new Promise<string>((resolve, reject) => {
        started.push(password);
        pending.set(password, { resolve, reject });
      }),
    verify: async () => true,
  };
  return { hasher, started, pending };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LimitedHasher', () => {
  it('runs at most 2 at a time by default, the rest in arrival order, and frees a slot on failure too', async () => {
    const inner = controlled();
    const limited = new LimitedHasher(inner.hasher);
    expect(limited.maxConcurrent).toBe(MAX_CONCURRENT_HASHES);
    const results = ['a', 'b', 'c', 'd'].map((p) => limited.hash(p).catch((e: Error) => `failed ${e.message}`));
    await settle();
    expect(inner.started).toEqual(['a', 'b']);
    expect(limited.queued).toBe(2);
    inner.pending.get('b')?.reject(new Error('boom'));
    await settle();
    expect(inner.started).toEqual(['a', 'b', 'c']);
    inner.pending.get('a')?.resolve('A');
    await settle();
    expect(inner.started).toEqual(['a', 'b', 'c', 'd']);
    expect(limited.queued).toBe(0);
    inner.pending.get('c')?.resolve('C');
    inner.pending.get('d')?.resolve('D');
    expect(await Promise.all(results)).toEqual(['A', 'failed boom', 'C', 'D']);
    // All slots are free again: two new hashes start at once.
    void limited.hash('e');
    void limited.hash('f');
    await settle();
    expect(inner.started.slice(4)).toEqual(['e', 'f']);
  });
});
