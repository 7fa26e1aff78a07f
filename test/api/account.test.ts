// /api/profile (PUT, DELETE) and /api/stats/user/me.
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import type { UserTotalsResponse } from '../../server/routes/stats.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness } from './harness.ts';

describe('PUT /api/profile', () => {
  it('updates e-mail and display name; the username is ignored (locked)', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com', 'Ann');
    const res = await request('PUT', '/api/profile', {
      cookie,
      json: { username: 'whatever', email: 'ann.new@example.com', displayName: 'Annie' },
    });
    expect(res.status).toBe(200);
    expect(await json<MeResponse>(res)).toMatchObject({
      email: 'ann.new@example.com',
      displayName: 'Annie',
      role: 'player',
    });
    expect(await json(await request('GET', '/api/me', { cookie }))).toMatchObject({
      email: 'ann.new@example.com',
      displayName: 'Annie',
    });
  });

  it('is 401 signed out, 400 for bad values, 409 for a taken e-mail', async () => {
    const { request, signIn } = await makeHarness();
    expect((await request('PUT', '/api/profile', { json: { email: 'a@b.co', displayName: 'Ab' } })).status).toBe(401);
    const cookie = await signIn('ann@example.com', 'Ann');
    await signIn('bob@example.com', 'Bob');
    const short = await request('PUT', '/api/profile', {
      cookie,
      json: { email: 'ann@example.com', displayName: 'A' },
    });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({ error: 'Display name must be at least 2 characters', code: 'VALIDATION' });
    const badEmail = await request('PUT', '/api/profile', { cookie, json: { email: 'nope', displayName: 'Ann' } });
    expect(badEmail.status).toBe(400);
    expect((await json(badEmail)).error).toBe('Invalid email address');
    const missing = await request('PUT', '/api/profile', { cookie, json: { displayName: 'Ann' } });
    expect(missing.status).toBe(400);
    const taken = await request('PUT', '/api/profile', {
      cookie,
      json: { email: 'BOB@example.com', displayName: 'Ann' },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).code).toBe('EMAIL_TAKEN');
    expect(await json(await request('GET', '/api/me', { cookie }))).toMatchObject({
      email: 'ann@example.com',
      displayName: 'Ann',
    });
  });
});

describe('GET /api/stats/user/me', () => {
  it('answers zeros for a new player and counts after a close; 401 signed out', async () => {
    const h = await makeHarness();
    expect((await h.request('GET', '/api/stats/user/me')).status).toBe(401);
    const cookie = await h.signIn('ann@example.com');
    expect(await json<UserTotalsResponse>(await h.request('GET', '/api/stats/user/me', { cookie }))).toEqual({
      entriesCount: 0,
      winsCount: 0,
      currentStreak: 0,
      bestStreak: 0,
    });
    await h.request('POST', '/api/entry', { cookie, json: { number: 4 } });
    await closeToday(h);
    expect(await json<UserTotalsResponse>(await h.request('GET', '/api/stats/user/me', { cookie }))).toEqual({
      entriesCount: 1,
      winsCount: 1,
      currentStreak: 1,
      bestStreak: 1,
    });
  });
});

describe('DELETE /api/profile', () => {
  it('deletes the account, ends the session and clears the cookie', async () => {
    const { request, signIn, deps } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const res = await request('DELETE', '/api/profile', { cookie });
    expect(res.status).toBe(200);
    expect(typeof (await json(res)).message).toBe('string');
    expect(res.headers.getSetCookie().some((h) => /^sid=;.*Max-Age=0/.test(h))).toBe(true);
    expect((await request('GET', '/api/me', { cookie })).status).toBe(401);
    expect(await deps.store.read((repos) => repos.users.byEmail('ann@example.com'))).toBeNull();
  });

  it('is 401 signed out and 409 for a guild admin with members', async () => {
    const { request, signIn } = await makeHarness();
    expect((await request('DELETE', '/api/profile')).status).toBe(401);
    const ann = await signIn('ann@example.com');
    const bob = await signIn('bob@example.com');
    const created = await json<{ guild: { id: string } }>(
      await request('POST', '/api/guilds', { cookie: ann, json: { name: 'Low Ballers', password: 'secret1' } }),
    );
    await request('POST', '/api/guilds/join', {
      cookie: bob,
      json: { guildId: created.guild.id, password: 'secret1' },
    });
    const res = await request('DELETE', '/api/profile', { cookie: ann });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toContain('delete the guild');
    expect((await request('GET', '/api/me', { cookie: ann })).status).toBe(200);
  });

  it('is 409 while a prize payout is in progress, and deletes once it is paid, keeping the payout', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await closeToday(h);
    const admin = await h.signIn(ADMIN_EMAIL);
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann A' },
    });
    const { payoutId } = await json<{ payoutId: string }>(claim);
    const review = (body: Record<string, string>) =>
      h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, { cookie: admin, json: body });

    for (const step of [null, { status: 'approved' }]) {
      if (step) expect((await review(step)).status).toBe(200);
      const refused = await h.request('DELETE', '/api/profile', { cookie: ann });
      expect(refused.status).toBe(409);
      expect(await json(refused)).toEqual({
        error: 'A prize payout is in progress: you can delete your account once it is paid or rejected.',
        code: 'CONFLICT',
      });
      expect((await h.request('GET', '/api/me', { cookie: ann })).status).toBe(200);
    }

    expect((await review({ status: 'paid', paymentReference: 'TX-42' })).status).toBe(200);
    expect((await h.request('DELETE', '/api/profile', { cookie: ann })).status).toBe(200);
    const payouts = await json<{ payouts: Record<string, unknown>[] }>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    expect(payouts.payouts).toEqual([
      expect.objectContaining({
        id: payoutId,
        status: 'paid',
        playerName: null,
        paypalEmail: 'ann@paypal.test',
        preferredName: 'Ann A',
        paymentReference: 'TX-42',
      }),
    ]);
  });
});
