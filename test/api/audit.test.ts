// GET /admin/audit: the money trail over HTTP, on the memory store and on SQLite (the API's query validation,
// the page, the filters; who may read it is in admin.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import type { AuditTrailResponse } from '../../server/routes/admin.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness, type HarnessOptions } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'lowest-audit-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: [string, () => Promise<HarnessOptions>][] = [
  ['memory', async () => ({})],
  ['sqlite', async () => ({ store: await createSqliteStore(join(dir, `${Math.random()}.db`)) })],
];

describe.each(stores)('GET /admin/audit (%s)', (_name, options) => {
  it('answers the prize changes and payout reviews made through the API, newest first, paged and filtered', async () => {
    const h = await makeHarness({ ...(await options()), env: { ADMIN_EMAILS: `${ADMIN_EMAIL},second@lowest.test` } });
    const ann = await h.signIn('ann@example.com', 'Ann');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await closeToday(h);
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    const second = await h.signIn('second@lowest.test', 'Second');
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann' },
    });
    const { payoutId } = await json<{ payoutId: string }>(claim);

    h.clock.set('2026-11-21T08:00:00.000Z');
    expect(
      (
        await h.request('POST', '/api/prizes/config/weekly', {
          cookie: admin,
          json: { dayOfWeek: 2, prizeType: 'cash', amountCents: 2500, isActive: true },
        })
      ).status,
    ).toBe(200);
    h.clock.set('2026-11-22T08:00:00.000Z');
    expect(
      (
        await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
          cookie: second,
          json: { status: 'approved', reviewNotes: 'ok' },
        })
      ).status,
    ).toBe(200);
    h.clock.set('2026-11-22T09:00:00.000Z');
    expect((await h.request('PATCH', '/api/prizes/config/default-6/toggle', { cookie: second })).status).toBe(200);
    h.clock.set('2026-11-23T08:00:00.000Z');
    expect(
      (
        await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
          cookie: admin,
          json: { status: 'paid', paymentReference: 'TX-9' },
        })
      ).status,
    ).toBe(200);

    const all = await json<AuditTrailResponse>(await h.request('GET', '/admin/audit', { cookie: admin }));
    expect(all).toMatchObject({ totalCount: 4, page: 1, pageSize: 50 });
    expect(all.records.map((r) => [r.at, r.adminName, r.subject, r.fromState, r.toState, r.note, r.reference])).toEqual(
      [
        ['2026-11-23T08:00:00.000Z', 'Admin', 'Payout 2026-11-20: $50.00 to Ann', 'approved', 'paid', null, 'TX-9'],
        [
          '2026-11-22T09:00:00.000Z',
          'Second',
          'Prize Saturday (weekly)',
          'built-in $100.00 cash, active: Saturday Cash Prize',
          '$100.00 cash, disabled: Saturday Cash Prize',
          null,
          null,
        ],
        [
          '2026-11-22T08:00:00.000Z',
          'Second',
          'Payout 2026-11-20: $50.00 to Ann',
          'pending_review',
          'approved',
          'ok',
          null,
        ],
        [
          '2026-11-21T08:00:00.000Z',
          'Admin',
          'Prize Tuesday (weekly)',
          'built-in $20.00 cash, active: Tuesday Cash Prize',
          '$25.00 cash, active: Tuesday Cash Prize',
          null,
          null,
        ],
      ],
    );

    const page2 = await json<AuditTrailResponse>(
      await h.request('GET', '/admin/audit?page=2&pageSize=3', { cookie: admin }),
    );
    expect(page2.records.map((r) => r.id)).toEqual([all.records[3]?.id]);
    const filtered = await json<AuditTrailResponse>(
      await h.request('GET', '/admin/audit?from=2026-11-22&to=2026-11-22&admin=second%40lowest.test', {
        cookie: admin,
      }),
    );
    expect(filtered.records.map((r) => r.subject)).toEqual([
      'Prize Saturday (weekly)',
      'Payout 2026-11-20: $50.00 to Ann',
    ]);
    expect(filtered.totalCount).toBe(2);
  });

  it('refuses a malformed filter with 400 naming the field', async () => {
    const h = await makeHarness(await options());
    const admin = await h.signIn(ADMIN_EMAIL);
    const cases: [string, string][] = [
      ['/admin/audit?from=yesterday', 'from must be a date YYYY-MM-DD'],
      ['/admin/audit?to=2026-13-01', 'to must be a date YYYY-MM-DD'],
      ['/admin/audit?page=x', 'page must be a whole number.'],
      ['/admin/audit?admin=ghost%40example.com', 'admin: no account has the e-mail ghost@example.com'],
    ];
    for (const [path, error] of cases) {
      const res = await h.request('GET', path, { cookie: admin });
      expect(res.status, path).toBe(400);
      expect(await json(res), path).toEqual({ error, code: 'VALIDATION' });
    }
  });
});
