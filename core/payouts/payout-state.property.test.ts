// The payout state machine against a model: random claims and reviews in random order.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { codeOf, createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import type { PayoutStatus } from '../model.ts';
import { claimPrize, myWinnings } from './winnings.ts';
import { reviewPayout } from './payout-review.ts';

const GAMES = ['2026-11-18', '2026-11-19'] as const;

interface Model {
  status: Map<string, PayoutStatus | 'unclaimed'>;
  audits: number;
}
interface Real {
  deps: TestDeps;
  payoutIds: Map<string, string>;
}

const compare = async (m: Model, r: Real): Promise<void> => {
  const { winnings } = await myWinnings(r.deps, 'winner');
  for (const game of GAMES) {
    const w = winnings.find((x) => x.gameId === game);
    const expected = m.status.get(game);
    expect(w?.status).toBe(expected);
    expect(w?.canClaim).toBe(expected === 'unclaimed');
    expect(w?.isCompleted).toBe(expected === 'paid' || expected === 'failed');
    expect(w?.processedAt !== null).toBe(expected === 'paid' || expected === 'failed');
  }
  let audits = 0;
  for (const id of r.payoutIds.values()) audits += (await r.deps.store.read((repos) => repos.payouts.audit(id))).length;
  expect(audits).toBe(m.audits);
};

class Claim implements fc.AsyncCommand<Model, Real> {
  constructor(readonly game: string) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const before = m.status.get(this.game);
    const code = await codeOf(
      claimPrize(r.deps, { userId: 'winner', gameId: this.game, paypalEmail: 'w@pay.test', preferredName: 'W' }).then(
        (res) => r.payoutIds.set(this.game, res.payoutId),
      ),
    );
    expect(code).toBe(before === 'unclaimed' ? 'ok' : 'ALREADY_CLAIMED');
    if (before === 'unclaimed') m.status.set(this.game, 'pending_review');
    await compare(m, r);
  }
  toString = () => `claim(${this.game})`;
}

class Review implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly game: string,
    readonly to: 'approved' | 'failed' | 'paid',
    readonly text: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const payoutId = r.payoutIds.get(this.game);
    const from = m.status.get(this.game);
    if (payoutId === undefined || from === undefined || from === 'unclaimed') {
      expect(
        await codeOf(reviewPayout(r.deps, { adminId: 'admin', payoutId: `none-${this.game}`, status: this.to })),
      ).toBe('NOT_FOUND');
      return;
    }
    const legal =
      (from === 'pending_review' && (this.to === 'approved' || this.to === 'failed')) ||
      (from === 'approved' && this.to === 'paid');
    const needsText = this.to !== 'approved';
    const expected = !legal ? 'ILLEGAL_TRANSITION' : needsText && this.text.trim() === '' ? 'VALIDATION' : 'ok';
    const code = await codeOf(
      reviewPayout(r.deps, {
        adminId: 'admin',
        payoutId,
        status: this.to,
        reviewNotes: this.text,
        paymentReference: this.text,
      }),
    );
    expect(code).toBe(expected);
    if (expected === 'ok') {
      m.status.set(this.game, this.to);
      m.audits += 1;
    }
    await compare(m, r);
  }
  toString = () => `review(${this.game} → ${this.to}, ${JSON.stringify(this.text)})`;
}

describe('payout state machine against a model', () => {
  it('matches the model under random claims, approvals, rejections and payments', async () => {
    const game = fc.constantFrom(...GAMES);
    const text = fc.constantFrom('', '  ', 'Rejected: no reason given', 'TX-42');
    const commands = [
      game.map((g) => new Claim(g)),
      fc.tuple(game, text).map(([g, t]) => new Review(g, 'approved', t)),
      fc.tuple(game, text).map(([g, t]) => new Review(g, 'failed', t)),
      fc.tuple(game, text).map(([g, t]) => new Review(g, 'paid', t)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const deps = makeDeps();
        await createUser(deps, { id: 'winner' });
        await deps.store.write(async (repos) => {
          for (const g of GAMES) {
            await repos.winnings.create({
              id: `w-${g}`,
              gameKey: g,
              gameDate: g,
              userId: 'winner',
              winningNumber: 1,
              prize: { prizeType: 'cash', amountCents: 100, currency: 'USD', description: 'P' },
              createdAt: `${g}T00:00:00.000Z`,
            });
          }
        });
        const model: Model = { status: new Map(GAMES.map((g) => [g, 'unclaimed'])), audits: 0 };
        await fc.asyncModelRun(() => ({ model, real: { deps, payoutIds: new Map() } }), cmds);
      }),
      { numRuns: 200 },
    );
  });
});
