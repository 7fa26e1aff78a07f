// `lowest audit` over a temporary SQLite database whose trail real prize changes and a payout review wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime } from '../../cli/runtime.ts';
import { reviewPayout } from '../../core/payouts/payout-review.ts';
import { saveDatePrize, saveWeeklyPrize } from '../../core/prizes/prize-config.ts';
import { createUser } from '../support/fakes.ts';
import { parseJson, record, runInProcess, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

describe('lowest audit', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    expect((await runInProcess(['open', '2026-11-20'], env)).code).toBe(0);
    const runtime = await openRuntime(env);
    try {
      const { deps, clock } = runtime;
      const ann = await createUser(deps, { id: 'ann', email: 'ann@example.test', displayName: 'Ann' });
      await createUser(deps, {
        id: 'boss',
        email: 'boss@example.test',
        displayName: 'Boss, "the" Admin',
        role: 'admin',
      });
      await deps.store.write(async (r) => {
        await r.winnings.create({
          id: 'w1',
          gameKey: '2026-11-20',
          gameDate: '2026-11-20',
          userId: ann.id,
          winningNumber: 1,
          prize: { prizeType: 'cash', amountCents: 5000, currency: 'USD', description: 'Friday Cash Prize' },
          createdAt: '2026-11-21T00:00:00.000Z',
        });
        await r.payouts.create({
          id: 'p1',
          winningId: 'w1',
          userId: ann.id,
          status: 'pending_review',
          amountCents: 5000,
          currency: 'USD',
          prizeType: 'cash',
          paypalEmail: 'ann@paypal.test',
          preferredName: 'Ann',
          reviewNotes: null,
          paymentReference: null,
          createdAt: '2026-11-21T01:00:00.000Z',
          processedAt: null,
        });
      });
      clock.set(new Date('2026-10-30T09:00:00.000Z'));
      await saveWeeklyPrize(deps, { dayOfWeek: 1, prizeType: 'cash', amountCents: 1500, isActive: true }, 'boss');
      clock.set(new Date('2026-11-21T09:00:00.000Z'));
      await saveDatePrize(
        deps,
        { date: '2026-12-24', prizeType: 'voucher', amountCents: 2500, description: 'Gift card, "festive"' },
        'boss',
      );
      clock.set(new Date('2026-11-22T09:00:00.000Z'));
      await reviewPayout(deps, { adminId: 'boss', payoutId: 'p1', status: 'approved', reviewNotes: 'Checked\ntwice' });
    } finally {
      await runtime.close();
    }
  });

  it('prints the records since a date, newest first', async () => {
    const run = await runInProcess(['audit', '--since', '2026-11-01'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        '2026-11-22 09:00 UTC  Boss, "the" Admin  Payout 2026-11-20: $50.00 to Ann',
        '    pending_review -> approved  note: Checked\ntwice',
        '2026-11-21 09:00 UTC  Boss, "the" Admin  Prize 2026-12-24 (date)',
        '    - -> $25.00 voucher, active: Gift card, "festive"',
        '',
      ].join('\n'),
    );
  });

  it('exports CSV with every field that needs it quoted', async () => {
    const run = await runInProcess(['audit', '--since', '2026-11-01', '--csv'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'at,kind,admin_id,admin,subject,from,to,note,reference',
        '2026-11-22T09:00:00.000Z,payout,boss,"Boss, ""the"" Admin",Payout 2026-11-20: $50.00 to Ann,pending_review,approved,"Checked\ntwice",',
        '2026-11-21T09:00:00.000Z,prize,boss,"Boss, ""the"" Admin",Prize 2026-12-24 (date),,"$25.00 voucher, active: Gift card, ""festive""",,',
        '',
      ].join('\n'),
    );
  });

  it('answers JSON, and everything without --since', async () => {
    const all = record(parseJson((await runInProcess(['audit', '--json'], env)).stdout));
    expect((all.records as { subject: string }[]).map((r) => r.subject)).toEqual([
      'Payout 2026-11-20: $50.00 to Ann',
      'Prize 2026-12-24 (date)',
      'Prize Monday (weekly)',
    ]);
  });

  it('refuses a bad date naming the option, and an unknown admin', async () => {
    const bad = await runInProcess(['audit', '--since', '1 Nov'], env);
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      "Error: --since expects a date YYYY-MM-DD, got '1 Nov'.",
    ]);
    const reversed = await runInProcess(['audit', '--since', '2026-11-22', '--until', '2026-11-21'], env);
    expect([reversed.code, reversed.stderr]).toEqual([1, 'Error: from must be on or before to\n']);
    const ghost = await runInProcess(['audit', '--admin', 'ghost@example.test'], env);
    expect([ghost.code, ghost.stderr]).toEqual([1, 'Error: admin: no account has the e-mail ghost@example.test\n']);
  });
});
