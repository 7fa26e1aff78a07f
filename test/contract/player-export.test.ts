// Contract: a player's data export (DESIGN.md §8) over a year of days, built straight through the repositories; the
// same file on memory, SQLite and PostgreSQL, every receipt verifying against the published key.
import { expect, it } from 'vitest';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { EXPORT_FORMAT, playerExport, type ExportDay, type PlayerExportHead } from '../../core/accounts/export.ts';
import { entryReceipt, mineReceipt, type Receipt } from '../../core/fairness/record.ts';
import { receiptText } from '../../core/fairness/receipt-signature.ts';
import type { GameStats, Mine } from '../../core/model.ts';
import type { NewEntry } from '../../core/entries/ports.ts';
import type { Deps } from '../../core/deps.ts';
import { makeDeps } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { emptyStats, entry, game, guild, mine, payout, reward, seedUsers, winning } from './fixtures.ts';

const DAYS = 365;
const FIRST_DAY = Date.UTC(2025, 10, 20);
const dayKey = (i: number): string => new Date(FIRST_DAY + i * 86_400_000).toISOString().slice(0, 10);

const signer = nodeEd25519;
const key = signer.generate();
const keyId = signer.keyIdOf(key.publicKey);
const signed = <T extends NewEntry | Mine>(row: T, receipt: Receipt, signedAt: string): T => ({
  ...row,
  signature: { keyId, sig: signer.sign(key.privateKey, receiptText(receipt, signedAt)) },
});

/**
 * The player `p` picks 2 every day. The rival picks 2 on even days (no one is unique: p's 2 is a duplicate) and 5 on
 * odd days (p wins with 2). On days 5, 15, 25, … p also plays a bonus 3 (runner-up); on days 1, 31, 61, … p mines 50.
 * The last day is still open.
 */
const stats = (i: number, key: string): GameStats => {
  const base = emptyStats(key, i % 2 === 0 ? null : 2);
  const bonus = i % 10 === 5;
  return {
    ...base,
    snapshot: {
      ...base.snapshot,
      secondPlaceNumber: i % 2 === 0 ? (bonus ? 3 : null) : bonus ? 3 : 5,
      winningNumber: i % 2 === 0 ? (bonus ? 3 : null) : 2,
      minedNumbers: i % 30 === 1 ? [50] : [],
    },
  };
};

contract('player data export', ({ store }) => {
  it('writes a year of days in pages: receipts as signed, outcomes once closed, every section, never a token', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'p', 'rival', 'friend');
      await r.receiptKeys.startIfNone({
        keyId,
        publicKey: key.publicKey,
        privateKey: null,
        from: '2025-01-01T00:00:00.000Z',
        until: null,
      });
      await r.sessions.create({
        tokenHash: 'hash-one',
        userId: 'p',
        createdAt: '2026-11-01T08:00:00.000Z',
        expiresAt: '2026-12-10T09:00:00.000Z',
      });
      await r.sessions.create({
        tokenHash: 'hash-two',
        userId: 'p',
        createdAt: '2026-11-19T08:00:00.000Z',
        expiresAt: '2026-12-19T08:00:00.000Z',
      });
      await r.rewards.grant([
        reward('rw1', 'p', {
          rewardType: 'mine',
          usedAt: '2025-11-21T10:00:00.000Z',
          usedInGameKey: dayKey(1),
          usedResult: { number: 50 },
        }),
      ]);
      await r.referrals.create({
        id: 'ref1',
        referrerId: 'rival',
        referredId: 'p',
        code: 'RIVALXXXXXXX',
        status: 'completed',
        createdAt: '2025-11-19T00:00:00.000Z',
        completedAt: '2025-11-20T01:00:00.000Z',
      });
      await r.referrals.create({
        id: 'ref2',
        referrerId: 'p',
        referredId: 'friend',
        code: 'PXXXXXXXXXXX',
        status: 'pending',
        createdAt: '2026-01-02T00:00:00.000Z',
        completedAt: null,
      });
      await r.bonusEntries.grant({
        id: 'b1',
        userId: 'p',
        sourceType: 'referral',
        remainingEntries: 0,
        grantedAt: '2025-11-20T01:00:00.000Z',
        expiresAt: '2026-12-31T00:00:00.000Z',
        gameKey: null,
      });
      await r.guilds.create(guild('g1', 'rival'));
      await r.guilds.addMember({ guildId: 'g1', userId: 'p', joinedAt: '2025-12-01T00:00:00.000Z' }, 50);
      for (let i = 0; i < DAYS; i += 1) {
        const k = dayKey(i);
        await r.games.create(game(k));
        const mine2 = entry(k, 'p', 2, 'standard', 1);
        await r.entries.add(signed(mine2, entryReceipt({ ...mine2, userId: 'p' }), mine2.submittedAt));
        await r.entries.add(entry(k, 'rival', i % 2 === 0 ? 2 : 5));
        if (i % 10 === 5) {
          const bonus = entry(k, 'p', 3, 'bonus', 2);
          await r.entries.add(signed(bonus, entryReceipt({ ...bonus, userId: 'p' }), bonus.submittedAt));
        }
        if (i % 30 === 1) {
          const m = mine(k, 'p', 50, 3);
          await r.mines.place(signed(m, mineReceipt(m), m.placedAt));
        }
        if (i < DAYS - 1) await r.games.markClosed(k, `${k}T23:00:00.000Z`, stats(i, k));
      }
      await r.winnings.create(winning('w1', dayKey(1), 'p', { winningNumber: 2 }));
      await r.payouts.create(
        payout('po1', 'w1', 'p', {
          status: 'paid',
          paymentReference: 'PAYPAL-123',
          processedAt: '2025-11-25T00:00:00.000Z',
        }),
      );
    });

    const deps: Deps = { ...makeDeps(), store: store() };
    const pieces: string[] = [];
    const file = await playerExport(deps, 'p', { sessionDays: 30 });
    expect(file.fileName).toBe('lowest-unique-2026-11-20.json');
    for await (const piece of file.text) pieces.push(piece);
    // The head, four pages of at most 100 days, the end.
    expect(pieces).toHaveLength(6);
    const text = pieces.join('');
    expect(text).not.toContain('hash-one');
    expect(text).not.toContain('tokenHash');
    const data = JSON.parse(text) as PlayerExportHead & { days: ExportDay[] };

    expect(data).toMatchObject({
      format: EXPORT_FORMAT,
      exportedAt: '2026-11-20T12:00:00.000Z',
      gameDate: '2026-11-20',
      profile: { id: 'p', email: 'p@example.test', displayName: 'Player p', referralCode: 'PXXXXXXXXXXX' },
      mailSettings: { emailNotifications: true, dailyReminder: false },
      referrals: {
        code: 'PXXXXXXXXXXX',
        referredBy: { code: 'RIVALXXXXXXX', status: 'completed', completedAt: '2025-11-20T01:00:00.000Z' },
        made: [{ status: 'pending', createdAt: '2026-01-02T00:00:00.000Z', completedAt: null }],
      },
      bonusEntries: [{ id: 'b1', sourceType: 'referral', remainingEntries: 0 }],
      guild: { guildId: 'g1', name: 'Guild g1', joinedAt: '2025-12-01T00:00:00.000Z', isAdmin: false },
      rewards: [{ id: 'rw1', rewardType: 'mine', usedInGame: dayKey(1), usedResult: { number: 50 } }],
    });
    expect(data.sessions).toEqual([
      {
        createdAt: '2026-11-01T08:00:00.000Z',
        lastSeenAt: '2026-11-10T09:00:00.000Z',
        expiresAt: '2026-12-10T09:00:00.000Z',
      },
      {
        createdAt: '2026-11-19T08:00:00.000Z',
        lastSeenAt: '2026-11-19T08:00:00.000Z',
        expiresAt: '2026-12-19T08:00:00.000Z',
      },
    ]);
    expect(data.winnings).toEqual([
      expect.objectContaining({
        id: 'w1',
        gameDate: dayKey(1),
        payout: expect.objectContaining({
          status: 'paid',
          paypalEmail: 'pay@example.test',
          preferredName: 'Pat',
          paymentReference: 'PAYPAL-123',
        }),
      }),
    ]);

    expect(data.days.map((d) => d.gameDate)).toEqual(Array.from({ length: DAYS }, (_, i) => dayKey(i)));
    const outcomes = data.days.map((d) => d.entries.map((e) => `${e.receipt.number}:${e.outcome ?? 'open'}`).join(' '));
    expect(outcomes.slice(0, 6)).toEqual([
      '2:duplicate',
      '2:winner',
      '2:duplicate',
      '2:winner',
      '2:duplicate',
      '2:winner 3:runner_up',
    ]);
    expect(outcomes[DAYS - 1]).toBe('2:open');
    expect(data.days[DAYS - 1]).toMatchObject({ status: 'open', closedAt: null, winningNumber: null });
    expect(data.days[1]).toMatchObject({
      status: 'closed',
      winningNumber: 2,
      secondPlaceNumber: 5,
      mine: { receipt: { number: 50 } },
    });
    expect(data.days.filter((d) => d.mine !== null)).toHaveLength(13);

    // Every receipt is the one the game signed: it verifies with the published key, as the verify page checks it.
    const receipts: Receipt[] = data.days.flatMap((d) => [
      ...d.entries.map((e) => e.receipt),
      ...(d.mine ? [d.mine.receipt] : []),
    ]);
    expect(receipts).toHaveLength(DAYS + 36 + 13);
    for (const receipt of receipts) {
      expect(receipt.keyId).toBe(keyId);
      expect(signer.verify(key.publicKey, receiptText(receipt, receipt.signedAt ?? ''), receipt.sig ?? '')).toBe(true);
    }
  }, 120_000);

  it('refuses an unknown player before writing anything', async () => {
    await expect(playerExport({ ...makeDeps(), store: store() }, 'nobody', { sessionDays: 30 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
