// GET /api/profile/export: the player's data as a JSON attachment (DESIGN.md §8), never a session token, limited per
// player.
import { describe, expect, it } from 'vitest';
import type { PlayerExportResponse } from '../../server/routes/profile.schemas.ts';
import { receiptText } from '../../core/fairness/receipt-signature.ts';
import { publishedKeys } from '../../core/fairness/receipt-keys.ts';
import { hashToken } from '../../core/accounts/sessions.ts';
import { closeToday, json, makeHarness, roomyLimits } from './harness.ts';

describe('GET /api/profile/export', () => {
  it('answers the attachment: profile, sessions without a token, each day with its signed receipt and outcome', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    const picked = await json<{ receipt: { entryId: string } }>(
      await h.request('POST', '/api/entry', { cookie: ann, json: { number: 4 } }),
    );
    await h.request('POST', '/api/entry', { cookie: bob, json: { number: 9 } });
    await closeToday(h);
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 6 } });

    const res = await h.request('GET', '/api/profile/export', { cookie: ann });
    expect(res.status).toBe(200);
    // The clock stands after the 2026-11-20 close: today's game is 2026-11-21.
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="lowest-unique-2026-11-21.json"');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const token = decodeURIComponent(ann.slice('sid='.length));
    expect(text).not.toContain(token);
    expect(text).not.toContain(hashToken(h.deps, token));
    expect(text).not.toContain('bob@example.com');

    const data = JSON.parse(text) as PlayerExportResponse;
    expect(data).toMatchObject({
      format: 'lowest-unique/export/v1',
      gameDate: '2026-11-21',
      profile: { email: 'ann@example.com', displayName: 'Ann', role: 'player' },
      totals: { entriesCount: 1, winsCount: 1 },
      mailSettings: { emailNotifications: true, dailyReminder: false },
      guild: null,
    });
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0] ?? {}).sort()).toEqual(['createdAt', 'expiresAt', 'lastSeenAt']);
    expect(data.winnings).toEqual([
      expect.objectContaining({ gameDate: '2026-11-20', winningNumber: 4, payout: null }),
    ]);
    expect(data.days.map((d) => [d.gameDate, d.status, d.entries.map((e) => [e.receipt.number, e.outcome])])).toEqual([
      ['2026-11-20', 'closed', [[4, 'winner']]],
      ['2026-11-21', 'open', [[6, null]]],
    ]);
    const receipt = data.days[0]?.entries[0]?.receipt;
    expect(receipt?.entryId).toBe(picked.receipt.entryId);
    // The receipt the play screen saves, signed by the published key.
    const [key] = await publishedKeys(h.deps);
    expect(
      receipt &&
        h.deps.signer.verify(key?.publicKey ?? '', receiptText(receipt, receipt.signedAt ?? ''), receipt.sig ?? ''),
    ).toBe(true);
  });

  it('is 401 signed out', async () => {
    const h = await makeHarness();
    expect((await h.request('GET', '/api/profile/export')).status).toBe(401);
  });

  it('is limited per player: 429 past the limit, another player unaffected', async () => {
    const h = await makeHarness({
      limits: { ...roomyLimits, export: { perUser: { limit: 2, windowMs: 600_000 }, perIp: roomyLimits.export.perIp } },
    });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    expect((await h.request('GET', '/api/profile/export', { cookie: ann })).status).toBe(200);
    expect((await h.request('GET', '/api/profile/export', { cookie: ann })).status).toBe(200);
    const refused = await h.request('GET', '/api/profile/export', { cookie: ann });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('ratelimit-policy')).toBe('"export-user";q=2;w=600');
    expect((await h.request('GET', '/api/profile/export', { cookie: bob })).status).toBe(200);
  });
});
