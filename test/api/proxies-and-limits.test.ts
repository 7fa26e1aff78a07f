// Issue 11 finding 2: behind one proxy (or NAT) every player shares an address. Per-user limits are
// the main control; per-address limits let a few hundred players through; TRUST_PROXY picks the
// client's address out of X-Forwarded-For.
import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../server/security/rate-limit.ts';
import { makeHarness, roomyLimits } from './harness.ts';

describe('default rate limits behind one shared address', () => {
  it('let 300 players sign in and enter in the same minute, and stop one player at 20 entries', async () => {
    // app.request() has no socket: every request shares one address, as behind one proxy.
    const h = await makeHarness({ limits: defaultRateLimits });
    const players = await Promise.all(
      Array.from({ length: 300 }, (_, i) => h.signIn(`player${i}@example.com`, `Player ${i}`)),
    );
    const entered = await Promise.all(
      players.map((cookie, i) => h.request('POST', '/api/entry', { cookie, json: { number: i + 1 } })),
    );
    expect(entered.filter((r) => r.status !== 201).map((r) => r.status)).toEqual([]);

    const [first] = players;
    const more = [];
    for (let i = 0; i < 20; i += 1)
      more.push((await h.request('POST', '/api/entry', { cookie: first ?? '', json: { number: 1000 + i } })).status);
    // 1 entry above + 19 refused as over the game's limit = 20 hits; the 21st is rate limited.
    expect(more.slice(0, 19).every((s) => s === 409)).toBe(true);
    expect(more[19]).toBe(429);
    // 620 requests through the whole app: 4–5 s alone, past the default 20 s when the suite shares 2 cores.
  }, 60_000);
});

describe('TRUST_PROXY', () => {
  const tightIp = {
    ...roomyLimits,
    signIn: { perUser: { limit: 100, windowMs: 60_000 }, perIp: { limit: 2, windowMs: 60_000 } },
  };
  const signInFrom = (h: Awaited<ReturnType<typeof makeHarness>>, forwardedFor: string, n: number) =>
    h.request('POST', '/auth/dev', {
      json: { email: `p${n}@example.com`, displayName: `P${n}` },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('with one trusted proxy, counts each client address apart and ignores what the client forged', async () => {
    const h = await makeHarness({ limits: tightIp, env: { TRUST_PROXY: '1' } });
    const statuses = [];
    // The client varies the forged left part; the proxy's entry (rightmost) stays the same.
    for (let i = 0; i < 3; i += 1) statuses.push((await signInFrom(h, `10.9.9.${i}, 203.0.113.1`, i)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await signInFrom(h, '203.0.113.2', 9)).status).toBe(200);
  });

  it('with 0 (the default), never reads X-Forwarded-For', async () => {
    const h = await makeHarness({ limits: tightIp });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await signInFrom(h, `203.0.113.${i}`, i)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
