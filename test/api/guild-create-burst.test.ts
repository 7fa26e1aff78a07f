// One player firing 40 parallel POST /api/guilds (issue 11 finding 7): at most 2 password hashes run
// at once, another player's requests are answered while the rest wait, the per-user limit stops
// most of the burst before any hashing, and a player already in a guild costs no hash at all.
import { describe, expect, it } from 'vitest';
import { LimitedHasher } from '../../adapters/crypto/limited-hasher.ts';
import type { PasswordHasher } from '../../core/ports.ts';
import { defaultRateLimits } from '../../server/security/rate-limit.ts';
import { json, makeHarness } from './harness.ts';

/** A hasher whose hashes finish only when the test releases them; it records how many ran at once. */
class GatedHasher implements PasswordHasher {
  started = 0;
  finished = 0;
  running = 0;
  maxRunning = 0;
  readonly #gates: (() => void)[] = [];

  async hash(password: string): Promise<string> {
    this.started += 1;
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    await new Promise<void>((resolve) => this.#gates.push(resolve));
    this.running -= 1;
    this.finished += 1;
    return 'h:' + password;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return hash === 'h:' + password;
  }

  /** Lets every hash running now finish. */
  releaseRunning(): void {
    for (const open of this.#gates.splice(0)) open();
  }
}

/** Yields to the event loop until `condition` holds (bounded: a broken server fails, it does not hang). */
const until = async (condition: () => boolean, what: string): Promise<void> => {
  for (let turn = 0; turn < 10_000; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
};

const createBody = (i: number) => ({ json: { name: `Burst ${String(i).padStart(2, '0')}`, password: 'secret1' } });

describe('a burst of guild creations by one player', () => {
  it('runs at most 2 hashes at once and answers another player while the rest are queued', async () => {
    const gated = new GatedHasher();
    const hasher = new LimitedHasher(gated);
    const h = await makeHarness({ hasher });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');

    const burst = Array.from({ length: 40 }, (_, i) => h.request('POST', '/api/guilds', { cookie: ann, ...createBody(i) }));
    await until(() => gated.running === 2 && hasher.queued === 38, '2 hashes running and 38 queued');

    // Bob is answered while every hash is still held: nothing he needs waits behind them.
    const me = await h.request('GET', '/api/me', { cookie: bob });
    expect(me.status).toBe(200);
    expect((await json(me)).email).toBe('bob@example.com');
    expect(gated.finished).toBe(0);
    expect(hasher.queued).toBe(38);

    while (gated.finished < 40) {
      gated.releaseRunning();
      await until(() => gated.running > 0 || gated.finished === 40, 'the next hashes to start');
    }
    const statuses = (await Promise.all(burst)).map((r) => r.status).sort();
    expect(gated.maxRunning).toBe(2);
    // The membership rule holds: one guild, 39 refusals.
    expect(statuses).toEqual([201, ...Array<number>(39).fill(409)]);
  });

  it('is mostly refused by the per-user limit before any hashing', async () => {
    const gated = new GatedHasher();
    const h = await makeHarness({ hasher: new LimitedHasher(gated), limits: defaultRateLimits });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const statuses: number[] = [];
    const burst = Array.from({ length: 40 }, (_, i) =>
      h.request('POST', '/api/guilds', { cookie: ann, ...createBody(i) }).then((r) => statuses.push(r.status)),
    );
    // 35 refusals arrive while the allowed creations are still hashing.
    await until(() => statuses.filter((s) => s === 429).length === 35, '35 refusals');
    expect(gated.finished).toBe(0);
    while (statuses.length < 40) {
      gated.releaseRunning();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(burst);
    expect(gated.started).toBe(5);
    expect(gated.maxRunning).toBe(2);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  });

  it('hashes nothing for a player already in a guild', async () => {
    const gated = new GatedHasher();
    const h = await makeHarness({ hasher: new LimitedHasher(gated) });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const first = h.request('POST', '/api/guilds', { cookie: ann, ...createBody(1) });
    await until(() => gated.running === 1, 'the first hash');
    gated.releaseRunning();
    expect((await first).status).toBe(201);

    const again = await h.request('POST', '/api/guilds', { cookie: ann, ...createBody(2) });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('ALREADY_IN_GUILD');
    expect(gated.started).toBe(1);
  });
});
