// Integrity over HTTP (DESIGN.md §18): the `did` device cookie set at sign-in and on every submission, the request's
// signals handed to the core, what an admin sees of a flagged winning and what its winner never sees.
import { describe, expect, it } from 'vitest';
import type { AdminSubmissionsResponse } from '../../server/routes/admin.schemas.ts';
import type { AdminPayoutsResponse } from '../../server/routes/prizes.schemas.ts';
import type { WinningsResponse } from '../../server/routes/winnings.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness, sessionCookieOf, type Harness } from './harness.ts';

const deviceCookieOf = (res: Response): string | undefined =>
  res.headers.getSetCookie().find((h) => h.startsWith('did='));
const deviceIdOf = (res: Response): string => /^did=([^;]*)/.exec(deviceCookieOf(res) ?? '')?.[1] ?? '';
const VALID_ID = '0123456789abcdef0123456789abcdef';

const devSignIn = (h: Harness, email: string, cookie?: string) =>
  h.request('POST', '/auth/dev', {
    json: { email, displayName: email.split('@')[0] },
    ...(cookie === undefined ? {} : { cookie }),
  });

describe('the did cookie', () => {
  it('is set at sign-in with a fresh id: HttpOnly, SameSite=Lax, site-wide, 400 days, not Secure on http', async () => {
    const h = await makeHarness();
    const res = await devSignIn(h, 'ann@example.com');
    expect(res.status).toBe(200);
    const cookie = deviceCookieOf(res) ?? '';
    expect(cookie).toMatch(/^did=[0-9a-f]{32};/);
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=34560000', 'Path=/', 'SameSite=Lax']);
    // Each browser its own id.
    expect(deviceIdOf(await devSignIn(h, 'bob@example.com'))).not.toBe(deviceIdOf(res));
  });

  it('is Secure when PUBLIC_URL is https, like the session cookie', async () => {
    const h = await makeHarness({ env: { PUBLIC_URL: 'https://localhost:3443' } });
    const res = await devSignIn(h, 'ann@example.com');
    expect(deviceCookieOf(res)).toContain('Secure');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toContain('Secure');
  });

  it('keeps a valid id and replaces a malformed one, at sign-in and on a submission', async () => {
    const h = await makeHarness();
    expect(deviceIdOf(await devSignIn(h, 'ann@example.com', `did=${VALID_ID}`))).toBe(VALID_ID);
    for (const junk of ['not-a-device', VALID_ID.toUpperCase(), `${VALID_ID}0`, '']) {
      const replaced = deviceIdOf(await devSignIn(h, 'ann@example.com', `did=${junk}`));
      expect(replaced).toMatch(/^[0-9a-f]{32}$/);
      expect(replaced).not.toBe(junk);
    }

    const sid = sessionCookieOf(await devSignIn(h, 'cy@example.com'));
    const kept = await h.request('POST', '/api/entry', { cookie: `${sid}; did=${VALID_ID}`, json: { number: 4 } });
    expect(kept.status).toBe(201);
    expect(deviceCookieOf(kept)).toContain('Max-Age=34560000');
    expect(deviceIdOf(kept)).toBe(VALID_ID);
    const other = sessionCookieOf(await devSignIn(h, 'dee@example.com'));
    const fresh = await h.request('POST', '/api/entry', { cookie: `${other}; did=forged`, json: { number: 5 } });
    expect(fresh.status).toBe(201);
    expect(deviceIdOf(fresh)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is not set by a read', async () => {
    const h = await makeHarness();
    const sid = sessionCookieOf(await devSignIn(h, 'ann@example.com'));
    expect(deviceCookieOf(await h.request('GET', '/api/entry/mine', { cookie: sid }))).toBeUndefined();
  });
});

describe('the request signals handed to the core', () => {
  /** Signs in with these request headers; returns the account's id. */
  const signInWith = async (h: Harness, email: string, headers: Record<string, string>): Promise<string> => {
    const res = await h.request('POST', '/auth/dev', { json: { email, displayName: email.split('@')[0] }, headers });
    expect(res.status).toBe(200);
    return (await json<{ id: string }>(res)).id;
  };
  const sharedWith = (h: Harness, userId: string) =>
    h.deps.store.read((repos) => repos.integrity.shared([userId], '2026-01-01', 100));

  it('take the address as the rate limits do: under TRUST_PROXY=1 the proxy-written hop of X-Forwarded-For, never the forged part', async () => {
    const h = await makeHarness({ env: { TRUST_PROXY: '1' } });
    const ann = await signInWith(h, 'ann@example.com', { 'x-forwarded-for': '10.0.0.1, 198.51.100.7' });
    const bob = await signInWith(h, 'bob@example.com', { 'x-forwarded-for': '10.0.0.2, 198.51.100.200' });
    // Cy forges Ann's network on the left; the proxy wrote 203.0.113.5.
    const cy = await signInWith(h, 'cy@example.com', { 'x-forwarded-for': '198.51.100.9, 203.0.113.5' });
    const shared = await sharedWith(h, ann);
    expect(shared.map((row) => [row.otherId, row.kind])).toEqual([[bob, 'network']]);
    expect(shared.some((row) => row.otherId === cy)).toBe(false);
  });

  it('ignore X-Forwarded-For without TRUST_PROXY, and carry the did cookie as the device', async () => {
    const h = await makeHarness();
    const ann = await signInWith(h, 'ann@example.com', {
      'x-forwarded-for': '198.51.100.7',
      cookie: `did=${VALID_ID}`,
    });
    await signInWith(h, 'bob@example.com', { 'x-forwarded-for': '198.51.100.8' });
    const cy = await signInWith(h, 'cy@example.com', { cookie: `did=${VALID_ID}` });
    expect((await sharedWith(h, ann)).map((row) => [row.otherId, row.kind])).toEqual([[cy, 'device']]);
  });

  it('are recorded on a submission too', async () => {
    const h = await makeHarness();
    const ann = await signInWith(h, 'ann@example.com', {});
    const bob = await signInWith(h, 'bob@example.com', {});
    const sid = sessionCookieOf(await devSignIn(h, 'ann@example.com'));
    const device = deviceIdOf(await h.request('POST', '/api/entry', { cookie: sid, json: { number: 3 } }));
    const bobSid = sessionCookieOf(await devSignIn(h, 'bob@example.com'));
    await h.request('POST', '/api/entry', { cookie: `${bobSid}; did=${device}`, json: { number: 4 } });
    expect((await sharedWith(h, bob)).map((row) => [row.otherId, row.kind])).toContainEqual([ann, 'device']);
  });
});

/** Words and fields that would tell a player about a review. */
const INTEGRITY_TRACE = /integrity|cluster|"signals"|linked account|same device|flagged|confirmName/i;

/**
 * One person's four accounts, signed in from one browser (one device cookie), carpet 1–4 on 2026-11-20 ($50 cash);
 * Una, on her own device, picks 9. The account that picked 1 (Ring One) wins and claims.
 */
const ringWins = async () => {
  const h = await makeHarness();
  const ring: string[] = [];
  for (let i = 1; i <= 4; i += 1) {
    const sid = sessionCookieOf(await devSignIn(h, `ring${i}@example.com`, `did=${VALID_ID}`));
    const entered = await h.request('POST', '/api/entry', { cookie: `${sid}; did=${VALID_ID}`, json: { number: i } });
    expect(entered.status).toBe(201);
    ring.push(sid);
  }
  const una = sessionCookieOf(await devSignIn(h, 'una@example.com'));
  await h.request('POST', '/api/entry', { cookie: una, json: { number: 9 } });
  const admin = sessionCookieOf(await devSignIn(h, ADMIN_EMAIL));
  const submissions = await json<AdminSubmissionsResponse>(
    await h.request('GET', '/admin/submissions?page=1&limit=20', { cookie: admin }),
  );
  await closeToday(h);
  const winner = ring[0] ?? '';
  const claim = await h.request('POST', '/api/prizes/winner-payout', {
    cookie: winner,
    json: { gameId: '2026-11-20', paypalEmail: 'ring1@paypal.test', preferredName: 'R One' },
  });
  expect(claim.status).toBe(200);
  const { payoutId } = await json<{ payoutId: string }>(claim);
  return { h, admin, winner, una, payoutId, submissions };
};

describe('a flagged winning', () => {
  it('carries the evidence to the admin, and approving it needs the winner’s display name', async () => {
    const { h, admin, payoutId, submissions } = await ringWins();
    const clustered = Object.fromEntries(submissions.submissions.map((s) => [s.number, s.clustered]));
    expect(clustered).toEqual({ 1: true, 2: true, 3: true, 4: true, 9: false });

    const { payouts } = await json<AdminPayoutsResponse>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    expect(payouts).toHaveLength(1);
    expect(payouts[0]?.integrity).toMatchObject({
      flagged: true,
      clusterSize: 4,
      accountsInGame: 4,
      numbersHeld: [1, 2, 3, 4],
    });
    expect(payouts[0]?.integrity?.signals).toContainEqual({ kind: 'device', strength: 'strong', accounts: 4 });

    const approve = (confirmName?: unknown) =>
      h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
        cookie: admin,
        json: {
          status: 'approved',
          reviewNotes: 'Approved by admin for manual processing',
          ...(confirmName === undefined ? {} : { confirmName }),
        },
      });
    const message = "confirmName must be the winner's display name to approve a flagged payout.";
    for (const wrong of [undefined, '', 'Ring1', 'ring', 42]) {
      const refused = await approve(wrong);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({ code: 'VALIDATION', error: message });
    }
    const still = await json<AdminPayoutsResponse>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    expect(still.payouts[0]?.status).toBe('pending_review');
    // Compared trimmed and case-sensitively.
    const approved = await approve(' ring1 ');
    expect(approved.status).toBe(200);
    expect((await json<{ payout: { status: string } }>(approved)).payout.status).toBe('approved');
  });

  it('an unflagged winning has integrity null and approves without a name', async () => {
    const h = await makeHarness();
    const ann = sessionCookieOf(await devSignIn(h, 'ann@example.com'));
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await closeToday(h);
    await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann' },
    });
    const admin = sessionCookieOf(await devSignIn(h, ADMIN_EMAIL));
    const { payouts } = await json<AdminPayoutsResponse>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    expect(payouts[0]?.integrity).toBeNull();
    const approved = await h.request('POST', `/api/prizes/admin/payouts/${payouts[0]?.id ?? ''}`, {
      cookie: admin,
      json: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
  });

  it('never reaches the winner: their winnings, results, profile, referrals and mails carry nothing of it', async () => {
    const { h, admin, winner, payoutId } = await ringWins();
    await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'approved', confirmName: 'ring1' },
    });
    const winnings = await json<WinningsResponse>(await h.request('GET', '/api/winnings', { cookie: winner }));
    expect(winnings.winnings).toEqual([expect.objectContaining({ gameId: '2026-11-20', status: 'approved' })]);
    for (const path of [
      '/api/winnings',
      '/api/results/2026-11-20',
      '/api/results/me/latest',
      '/api/me',
      '/api/profile',
      '/api/referrals/stats',
      '/api/stats/user/me',
      '/api/history',
    ]) {
      const res = await h.request('GET', path, { cookie: winner });
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(body, path).not.toMatch(INTEGRITY_TRACE);
    }
    const mails = await h.deps.store.read((repos) => repos.outbox.list(100));
    const toWinner = mails.filter((mail) => mail.to === 'ring1@example.com');
    expect(toWinner.length).toBeGreaterThan(0);
    for (const mail of toWinner) expect(`${mail.subject}\n${mail.body}`).not.toMatch(INTEGRITY_TRACE);
  });
});
