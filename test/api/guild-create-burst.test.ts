// One player firing 40 parallel POST /api/guilds: at most 2 password hashes run at once, the player's
// hashes beyond 2 are refused at once (429) instead of queued, another player's requests are answered
// meanwhile, the per-user limit stops most of the burst before any hashing, and a player already in a
// guild costs no hash at all.
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
  it('runs at most 2 hashes at once, refuses the rest at once, and answers another player meanwhile', async () => {
    const gated = new GatedHasher();
    const hasher = new LimitedHasher(gated);
    const h = await makeHarness({ hasher });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');

    const answered: Response[] = [];
    const burst = Array.from({ length: 40 }, (_, i) =>
      h.request('POST', '/api/guilds', { cookie: ann, ...createBody(i) }).then((r) => {
        answered.push(r);
        return r;
      }),
    );
    // A player holds at most 2 hashes: the other 38 are answered while those 2 are still held, none queued.
    await until(() => gated.running === 2 && answered.length === 38, '2 hashes running and 38 answers');
    expect(hasher.queued).toBe(0);
    for (const refused of answered) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get('ratelimit-policy')).toBe('"hashing-user";q=2;w=1');
      expect(await json(refused)).toEqual({
        code: 'RATE_LIMITED',
        error: 'Your previous guild request is still being checked. Please wait a moment and try again.',
      });
    }

    // Bob is answered while both hashes are still held: nothing he needs waits behind them.
    const me = await h.request('GET', '/api/me', { cookie: bob });
    expect(me.status).toBe(200);
    expect((await json(me)).email).toBe('bob@example.com');
    expect(gated.finished).toBe(0);

    gated.releaseRunning();
    const statuses = (await Promise.all(burst)).map((r) => r.status).sort();
    expect(gated.started).toBe(2);
    expect(gated.maxRunning).toBe(2);
    // The membership rule holds: one guild; the second hashed creation is refused.
    expect(statuses).toEqual([201, 409, ...Array<number>(38).fill(429)]);
  });

  it('is mostly refused by the per-user limit before any hashing', async () => {
    const gated = new GatedHasher();
    const h = await makeHarness({ hasher: new LimitedHasher(gated), limits: defaultRateLimits });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const statuses: number[] = [];
    const burst = Array.from({ length: 40 }, (_, i) =>
      h.request('POST', '/api/guilds', { cookie: ann, ...createBody(i) }).then((r) => statuses.push(r.status)),
    );
    // 35 over the limit of 5 creations, and 3 of those 5 over the player's 2 hashes, are refused while 2 are hashing.
    await until(() => statuses.filter((s) => s === 429).length === 38, '38 refusals');
    expect(gated.finished).toBe(0);
    gated.releaseRunning();
    await Promise.all(burst);
    expect(gated.started).toBe(2);
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
