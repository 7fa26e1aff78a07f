import { describe, expect, it } from 'vitest';
import { HashingBusy, type PasswordHasher } from '../../core/ports.ts';
import { LimitedHasher, MAX_CONCURRENT_HASHES, MAX_HASHES_PER_REQUESTER } from './limited-hasher.ts';
import { ScryptHasher } from './scrypt-hasher.ts';

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

/** The hash of `password` for a requester named by its first letter (`x1` is x's). */
const hashOf = (limited: LimitedHasher, password: string) =>
  limited.hash(password, { requester: password.slice(0, 1) });

describe('LimitedHasher', () => {
  it('runs at most 2 at a time by default, the rest in arrival order, and frees a slot on failure too', async () => {
    const inner = controlled();
    const limited = new LimitedHasher(inner.hasher);
    expect(limited.maxConcurrent).toBe(MAX_CONCURRENT_HASHES);
    const results = ['a', 'b', 'c', 'd'].map((p) => hashOf(limited, p).catch((e: Error) => `failed ${e.message}`));
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
    void hashOf(limited, 'e');
    void hashOf(limited, 'f');
    await settle();
    expect(inner.started.slice(4)).toEqual(['e', 'f']);
  });

  it('serves waiting requesters in turn, not in arrival order', async () => {
    const inner = controlled();
    const limited = new LimitedHasher(inner.hasher);
    for (const p of ['x1', 'x2', 'y1', 'y2', 'z1']) void hashOf(limited, p);
    await settle();
    expect(inner.started).toEqual(['x1', 'x2']);
    for (const p of ['x1', 'x2', 'y1', 'z1']) {
      inner.pending.get(p)?.resolve(p);
      await settle();
    }
    // y had two waiting: after its first it goes behind z, which arrived later.
    expect(inner.started).toEqual(['x1', 'x2', 'y1', 'z1', 'y2']);
  });

  it(`refuses a requester's hash at once while it holds ${MAX_HASHES_PER_REQUESTER}, and takes it again once one is done`, async () => {
    const inner = controlled();
    const limited = new LimitedHasher(inner.hasher, 1);
    const first = hashOf(limited, 'x1');
    void hashOf(limited, 'x2');
    await expect(hashOf(limited, 'x3')).rejects.toBeInstanceOf(HashingBusy);
    // Another requester is not refused: it waits for the one slot.
    void hashOf(limited, 'y1');
    await settle();
    expect(inner.started).toEqual(['x1']);
    expect(limited.queued).toBe(2);
    inner.pending.get('x1')?.resolve('X1');
    await first;
    void hashOf(limited, 'x4');
    // y1 was waiting before x had room again, and x2 came before it.
    for (const p of ['x2', 'y1']) {
      await settle();
      inner.pending.get(p)?.resolve(p);
    }
    await settle();
    expect(inner.started).toEqual(['x1', 'x2', 'y1', 'x4']);
  });

  it('lets a player with the right password in after at most one hash of a player flooding wrong ones (real scrypt)', async () => {
    const scrypt = new ScryptHasher();
    const stored = await scrypt.hash('right-one');
    /** Each verification's requester (told by its password), start and end, in start order. */
    const runs: { requester: string; start: number; end: number }[] = [];
    const recording: PasswordHasher = {
      hash: (password) => scrypt.hash(password),
      verify: async (password, hash) => {
        const run = {
          requester: password === 'right-one' ? 'player' : 'flooder',
          start: performance.now(),
          end: Infinity,
        };
        runs.push(run);
        try {
          return await scrypt.verify(password, hash);
        } finally {
          run.end = performance.now();
        }
      },
    };
    const limited = new LimitedHasher(recording);
    const guess = (requester: string, password: string) =>
      limited.verify(password, stored, { requester, secret: 'guild:g1' });

    // The flood: 10 wrong guesses at once; each one answered is sent again at once, 3 times in all.
    let refused = 0;
    const flood = async (): Promise<void> => {
      for (let sent = 0; sent < 3; sent += 1) {
        try {
          expect(await guess('flooder', 'wrong-one')).toBe(false);
        } catch (error) {
          if (!(error instanceof HashingBusy)) throw error;
          refused += 1;
          return;
        }
      }
    };
    const floods = Array.from({ length: 10 }, flood);
    await settle();
    expect(runs.map((r) => r.requester)).toEqual(['flooder', 'flooder']);

    const arrived = performance.now();
    expect(await guess('player', 'right-one')).toBe(true);
    const answeredAfter = performance.now() - arrived;
    await Promise.all(floods);

    // The player's check started in the first slot that came free: no flooder's hash went ahead of it.
    const startedAfterArrival = runs.filter((r) => r.start >= arrived).map((r) => r.requester);
    expect(startedAfterArrival[0]).toBe('player');
    expect(refused).toBe(8);
    // So its wait is at most one flooder's hash plus its own (a bound in hash times, whatever the machine's speed).
    const longestHash = Math.max(...runs.map((r) => r.end - r.start));
    expect(answeredAfter).toBeLessThanOrEqual(2 * longestHash + 50);
  }, 60_000);
});
