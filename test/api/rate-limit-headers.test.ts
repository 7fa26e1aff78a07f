// Every 429 tells the client when to come back: `Retry-After`, and the IETF `RateLimit-Policy` / `RateLimit` fields
// (draft-ietf-httpapi-ratelimit-headers: `"name";q=quota;w=window` and `"name";r=remaining;t=seconds`).
import { describe, expect, it } from 'vitest';
import type { RateBucket, RateLimits } from '../../server/security/rate-limit.ts';
import { makeHarness, roomyLimits, type Harness } from './harness.ts';

const once = { limit: 1, windowMs: 60_000 };
const roomy = roomyLimits.entry.perUser;

/** One call of a rate-limited route as a signed-in player. */
const routes: Record<RateBucket, (h: Harness, cookie: string, n: number) => Promise<Response>> = {
  signIn: (h, _cookie, n) =>
    h.request('POST', '/auth/dev', { json: { email: `again${n}@example.com`, displayName: `Again ${n}` } }),
  entry: (h, cookie, n) => h.request('POST', '/api/entry', { cookie, json: { number: 10 + n } }),
  referralValidate: (h, cookie) => h.request('GET', '/api/referrals/validate/NOSUCHCODE', { cookie }),
  guildJoin: (h, cookie) =>
    h.request('POST', '/api/guilds/join', { cookie, json: { guildId: 'no-such-guild', password: 'x' } }),
  guildCreate: (h, cookie, n) =>
    h.request('POST', '/api/guilds', { cookie, json: { name: `Guild ${n}`, description: '', password: null } }),
  reward: (h, cookie) => h.request('POST', '/api/gameplay/use-peak', { cookie, json: {} }),
  export: (h, cookie) => h.request('GET', '/api/profile/export', { cookie }),
};

describe('429 responses', () => {
  for (const bucket of Object.keys(routes) as RateBucket[]) {
    for (const scope of ['user', 'ip'] as const) {
      if (bucket === 'signIn' && scope === 'user') continue; // signing in has no user yet
      it(`${bucket} per ${scope}: Retry-After and RateLimit fields with the error body`, async () => {
        const limits: RateLimits = {
          ...roomyLimits,
          [bucket]: scope === 'user' ? { perUser: once, perIp: roomy } : { perUser: roomy, perIp: once },
        };
        const h = await makeHarness({ limits });
        const cookie = await h.signIn('limited@example.com', 'Limited');
        h.clock.set('2026-11-20T12:00:15.000Z');
        const call = routes[bucket];
        // signIn above already used the one sign-in an address gets.
        if (bucket !== 'signIn') expect((await call(h, cookie, 1)).status).not.toBe(429);
        const refused = await call(h, cookie, 2);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: expect.stringMatching(/\S/), code: 'RATE_LIMITED' });
        expect(refused.headers.get('retry-after')).toBe('45');
        expect(refused.headers.get('ratelimit-policy')).toBe(`"${bucket}-${scope}";q=1;w=60`);
        expect(refused.headers.get('ratelimit')).toBe(`"${bucket}-${scope}";r=0;t=45`);
      });
    }
  }
});
