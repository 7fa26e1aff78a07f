// Wrong guild passwords: at most 5 per player and 20 per guild in a 10-minute window. Beyond either, a join is
// refused with 429 before any hashing, the right password too, until the window ends; nothing is joined meanwhile.
import { describe, expect, it } from 'vitest';
import type { GuildDetailResponse, GuildDto, MyGuildResponse } from '../../server/routes/guilds.schemas.ts';
import { PlainHasher } from '../support/fakes.ts';
import { json, makeHarness, type Harness } from './harness.ts';

/** The instant hasher, counting the password checks that reach it. */
class CountingHasher extends PlainHasher {
  verifications = 0;

  override async verify(password: string, hash: string): Promise<boolean> {
    this.verifications += 1;
    return super.verify(password, hash);
  }
}

const setup = async () => {
  const hasher = new CountingHasher();
  // 12:00 sharp: the 10-minute windows run 12:00–12:10.
  const h = await makeHarness({ hasher, now: '2026-11-20T12:00:00.000Z' });
  const createGuild = async (email: string, name: string, password: string): Promise<GuildDto> => {
    const res = await h.request('POST', '/api/guilds', { cookie: await h.signIn(email), json: { name, password } });
    expect(res.status).toBe(201);
    return (await json<{ guild: GuildDto }>(res)).guild;
  };
  const lowBallers = await createGuild('ann@example.com', 'Low Ballers', 'secret1');
  const nightOwls = await createGuild('cat@example.com', 'Night Owls', 'hoot42');
  return { h, hasher, lowBallers, nightOwls };
};

const join = (h: Harness, cookie: string, guild: GuildDto, password: string) =>
  h.request('POST', '/api/guilds/join', { cookie, json: { guildId: guild.id, password } });

const expectWrong = async (res: Response) => {
  expect(res.status).toBe(403);
  expect((await json(res)).code).toBe('WRONG_PASSWORD');
};

/** A 429 naming its 10-minute limit in the message and the `Retry-After` / `RateLimit*` fields. */
const expectLimited = async (
  res: Response,
  expected: { policy: string; limit: number; retryAfter: number; error: string },
) => {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(expected.retryAfter));
  expect(res.headers.get('ratelimit-policy')).toBe(`"${expected.policy}";q=${expected.limit};w=600`);
  expect(res.headers.get('ratelimit')).toBe(`"${expected.policy}";r=0;t=${expected.retryAfter}`);
  expect(await json(res)).toEqual({ code: 'RATE_LIMITED', error: expected.error });
};

const memberCountOf = async (h: Harness, cookie: string, guild: GuildDto) =>
  (await json<GuildDetailResponse>(await h.request('GET', `/api/guilds/${guild.id}`, { cookie }))).guild.memberCount;

describe('wrong guild passwords', () => {
  it('are limited to 5 per player in 10 minutes, then every join of theirs is refused before hashing until the window ends', async () => {
    const { h, hasher, lowBallers, nightOwls } = await setup();
    const bob = await h.signIn('bob@example.com', 'Bob');
    for (let i = 0; i < 5; i += 1) await expectWrong(await join(h, bob, lowBallers, `guess${i}`));
    expect(hasher.verifications).toBe(5);

    h.clock.set('2026-11-20T12:07:30.000Z');
    for (const [guild, password] of [
      [lowBallers, 'secret1'],
      [nightOwls, 'hoot42'],
    ] as const) {
      await expectLimited(await join(h, bob, guild, password), {
        policy: 'guild-password-user',
        limit: 5,
        retryAfter: 150,
        error: 'Too many wrong guild passwords from your account: at most 5 in 10 minutes. Try again in 3 minutes.',
      });
    }
    expect(hasher.verifications).toBe(5);
    expect((await json<MyGuildResponse>(await h.request('GET', '/api/guilds/my', { cookie: bob }))).guild).toBeNull();
    expect(await memberCountOf(h, bob, lowBallers)).toBe(1);

    // Another player is not held back by Bob's guesses.
    const dan = await h.signIn('dan@example.com', 'Dan');
    expect((await join(h, dan, lowBallers, 'secret1')).status).toBe(200);

    h.clock.set('2026-11-20T12:10:00.000Z');
    const joined = await join(h, bob, lowBallers, 'secret1');
    expect(joined.status).toBe(200);
    expect(await memberCountOf(h, bob, lowBallers)).toBe(3);
  });

  it('are limited to 20 per guild in 10 minutes, whoever makes them, then joins of that guild are refused before hashing', async () => {
    const { h, hasher, lowBallers, nightOwls } = await setup();
    // 5 players with 4 wrong guesses each: none reaches the player limit, together they reach the guild's.
    for (let p = 0; p < 5; p += 1) {
      const guesser = await h.signIn(`guesser${p}@example.com`);
      for (let i = 0; i < 4; i += 1) await expectWrong(await join(h, guesser, lowBallers, `guess${p}-${i}`));
    }
    expect(hasher.verifications).toBe(20);

    const eve = await h.signIn('eve@example.com', 'Eve');
    await expectLimited(await join(h, eve, lowBallers, 'secret1'), {
      policy: 'guild-password-guild',
      limit: 20,
      retryAfter: 600,
      error: 'Too many wrong guild passwords for this guild: at most 20 in 10 minutes. Try again in 10 minutes.',
    });
    expect(hasher.verifications).toBe(20);
    expect(await memberCountOf(h, eve, lowBallers)).toBe(1);

    // Another guild is joined as usual.
    expect((await join(h, eve, nightOwls, 'hoot42')).status).toBe(200);

    h.clock.set('2026-11-20T12:10:00.000Z');
    const fay = await h.signIn('fay@example.com', 'Fay');
    expect((await join(h, fay, lowBallers, 'secret1')).status).toBe(200);
    expect(await memberCountOf(h, fay, lowBallers)).toBe(2);
  });
});
