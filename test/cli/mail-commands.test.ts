// `lowest mail list` over a temporary SQLite database whose outbox a real claim and review filled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGameConfig } from '../../core/config.ts';
import { closeInstantAfter, gameDateOf, previousDate } from '../../core/game/calendar.ts';
import { claimPrize } from '../../core/payouts/winnings.ts';
import { reviewPayout } from '../../core/payouts/payout-review.ts';
import { openRuntime } from '../../cli/runtime.ts';
import { createUser } from '../support/fakes.ts';
import { parseJson, record, runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

const yesterday = previousDate(gameDateOf(closeInstantAfter(new Date(), defaultGameConfig), defaultGameConfig));
const claimed = `LOWEST UNIQUE: we received your claim for ${yesterday}`;
const approved = `LOWEST UNIQUE: your prize for ${yesterday} is approved`;

describe('lowest mail list', { timeout: 90_000 }, () => {
  it('shows an empty outbox', async () => {
    const run = await runInProcess(['mail', 'list'], env);
    expect([run.code, run.stdout]).toEqual([0, 'The outbox is empty.\n']);
    expect((await runInProcess(['mail', 'list', '--failed'], env)).stdout).toBe('No mail has failed.\n');
    expect(parseJson((await runInProcess(['mail', 'list', '--json'], env)).stdout)).toEqual({ mails: [] });
  });

  describe('after a claim and its review', () => {
    beforeAll(async () => {
      // A game that exists, won by Alice: the winning is written directly, the claim and review go through core.
      expect((await runInProcess(['open', yesterday], env)).code).toBe(0);
      const runtime = await openRuntime(env);
      try {
        const { deps, clock } = runtime;
        clock.set(new Date('2026-11-20T09:00:00.000Z'));
        const alice = await createUser(deps, {
          id: 'alice',
          email: 'alice@example.test',
          verifiedEmail: 'alice@example.test',
          displayName: 'Alice',
        });
        const admin = await createUser(deps, { id: 'admin', role: 'admin' });
        await deps.store.write((r) =>
          r.winnings.create({
            id: 'w1',
            gameKey: yesterday,
            gameDate: yesterday,
            userId: alice.id,
            winningNumber: 3,
            prize: { prizeType: 'cash', amountCents: 5000, currency: 'USD', description: 'Prize' },
            createdAt: '2026-11-20T08:00:00.000Z',
          }),
        );
        const { payoutId } = await claimPrize(deps, {
          userId: alice.id,
          gameId: yesterday,
          paypalEmail: 'alice@paypal.test',
          preferredName: 'Alice A',
        });
        clock.set(new Date('2026-11-20T10:30:00.000Z'));
        await reviewPayout(deps, { adminId: admin.id, payoutId, status: 'approved', reviewNotes: 'ok' });
      } finally {
        await runtime.close();
      }
    });

    it('lists the mails newest first: time, recipient, subject', async () => {
      const run = await runLowest(['mail', 'list'], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        [
          `2026-11-20 10:30 UTC  pending  alice@example.test  ${approved}`,
          `2026-11-20 09:00 UTC  pending  alice@example.test  ${claimed}`,
          '',
        ].join('\n'),
      );
      const one = await runInProcess(['mail', 'list', '--limit', '1'], env);
      expect(one.stdout).toBe(`2026-11-20 10:30 UTC  pending  alice@example.test  ${approved}\n`);
    });

    it('--json gives the full records, bodies included', async () => {
      const run = await runInProcess(['mail', 'list', '--json'], env);
      expect(run.code).toBe(0);
      const mails = record(parseJson(run.stdout)).mails;
      expect(mails).toEqual([
        {
          id: expect.any(String),
          to: 'alice@example.test',
          subject: approved,
          body: `Hi Alice,\n\nYour $50.00 prize for ${yesterday} has been approved and payment is being processed.\n\nSee your winnings: http://localhost:3000/winnings\n`,
          createdAt: '2026-11-20T10:30:00.000Z',
          status: 'pending',
          attempts: 0,
          nextAttemptAt: '2026-11-20T10:30:00.000Z',
          lastError: null,
          sentAt: null,
        },
        expect.objectContaining({
          to: 'alice@example.test',
          subject: claimed,
          body: expect.stringContaining('We will send it by PayPal to alice@paypal.test'),
          createdAt: '2026-11-20T09:00:00.000Z',
        }),
      ]);
    });
  });

  it('refuses a --limit outside 1-500 with exit 1, and a --limit that is no number with exit 2', async () => {
    for (const limit of ['0', '501']) {
      const run = await runInProcess(['mail', 'list', '--limit', limit], env);
      expect([run.code, run.stderr, run.stdout]).toEqual([1, 'Error: Limit must be between 1 and 500\n', '']);
    }
    const json = await runInProcess(['mail', 'list', '--limit', '0', '--json'], env);
    expect([json.code, parseJson(json.stdout)]).toEqual([
      1,
      { error: 'Limit must be between 1 and 500', code: 'VALIDATION' },
    ]);
    const usage = await runInProcess(['mail', 'list', '--limit', 'many'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      "Error: --limit expects a whole number, got 'many'.\nUsage: lowest mail list [--limit N] [--failed] [--json]\n",
    );
  });
});
