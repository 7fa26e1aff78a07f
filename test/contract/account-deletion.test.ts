// Contract: deleting an account removes the person, never the game's history (DESIGN.md §8). Picks and Mines in the
// open game stay, detached, count at the close and keep their receipts INCLUDED; no money record is lost; a payout
// still moving refuses the deletion; afterwards the person's e-mail and name are in no table of the store but the
// paid payout's record, read from the store's own list of tables so a table added later is read too.
import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { MemoryStore } from '../../adapters/memory/store.ts';
import type { Database } from '../../adapters/sql/schema.ts';
import { deleteAccount, PAYOUT_IN_PROGRESS_MESSAGE, updateProfile } from '../../core/accounts/profile.ts';
import { createSession } from '../../core/accounts/sessions.ts';
import { signIn } from '../../core/accounts/sign-in.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { verifyStoredGame } from '../../core/fairness/fairness.ts';
import type { Receipt } from '../../core/fairness/record.ts';
import { closeDueGames, closeGame } from '../../core/game/close.ts';
import { currentGame } from '../../core/game/current-game.ts';
import { createGuild, joinGuild } from '../../core/guilds/guild-membership.ts';
import type { User } from '../../core/model.ts';
import type { Store } from '../../core/ports.ts';
import { listPayouts, reviewPayout } from '../../core/payouts/payout-review.ts';
import { canClaim, claimPrize, toWinningDto } from '../../core/payouts/winnings.ts';
import { processReferral } from '../../core/referrals/referrals.ts';
import { useMine } from '../../core/rewards/use-rewards.ts';
import { makeDeps, rejection, type TestDeps } from '../support/fakes.ts';
import { tableNames } from './empty-tables.ts';
import { contract, type AdapterName } from './harness.ts';
import { reward } from './fixtures.ts';

const DAY = 24 * 3600_000;
type StoreDeps = Omit<TestDeps, 'store'> & { store: Store };

const depsOver = (store: Store): StoreDeps => ({ ...makeDeps(), store });

const join = async (deps: StoreDeps, email: string, displayName = email.split('@')[0] ?? email): Promise<User> =>
  (await signIn(deps, { googleSub: `sub-${email}`, email, displayName, adminEmails: ['admin@example.test'] })).user;

const openGameKey = async (deps: StoreDeps): Promise<string> => (await currentGame(deps)).game.key;

/** Closes the open game now, then opens the next day's. */
const closeToday = async (deps: StoreDeps): Promise<string> => {
  const key = await openGameKey(deps);
  await closeGame(deps, key);
  deps.clock.advance(DAY);
  await currentGame(deps);
  return key;
};

const grantMine = (deps: StoreDeps, userId: string) =>
  deps.store.write((r) =>
    r.rewards.grant([
      reward(`mine-${userId}`, userId, {
        rewardType: 'mine',
        earnedAt: deps.clock.now().toISOString(),
        expiresAt: new Date(deps.clock.now().getTime() + 7 * DAY).toISOString(),
      }),
    ]),
  );

const included = async (deps: StoreDeps, key: string, receipt: Receipt): Promise<boolean | null> => {
  const check = await verifyStoredGame(deps, key, receipt);
  expect(check.problem).toBeNull();
  return check.receiptIncluded;
};

/** One cell of a table that holds a sought text: where it is and the row's status column, if it has one. */
interface Sighting {
  table: string;
  column: string;
  status: unknown;
}

/** Every cell of every table of the store whose text contains one of `texts` (case-insensitive). */
const sightings = async (store: Store, adapter: AdapterName, texts: readonly string[]): Promise<Sighting[]> => {
  const wanted = texts.map((t) => t.toLowerCase());
  const found: Sighting[] = [];
  const look = (table: string, row: Record<string, unknown>): void => {
    for (const [column, value] of Object.entries(row)) {
      const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).toLowerCase();
      if (wanted.some((w) => text.includes(w))) found.push({ table, column, status: row['status'] ?? null });
    }
  };
  if (adapter === 'memory') {
    if (!(store instanceof MemoryStore)) throw new Error('expected the memory store');
    for (const [table, collection] of Object.entries(store.snapshot())) {
      const rows: unknown[] =
        collection instanceof Map
          ? [...collection].map(([key, value]: [unknown, unknown]) => ({ key, value }))
          : Array.isArray(collection)
            ? collection
            : [collection];
      for (const row of rows) {
        const record = row as Record<string, unknown>;
        // A map's value is the row; its key is a column of it.
        const value = record['value'];
        const fields =
          'key' in record && typeof value === 'object' && value !== null
            ? { key: record['key'], ...(value as Record<string, unknown>) }
            : record;
        look(table, fields);
      }
    }
    return found;
  }
  const db = (store as unknown as { db: Kysely<Database> }).db;
  const tables = await tableNames(db, adapter);
  expect(tables).toContain('users');
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows) look(table, row);
  }
  return found;
};

contract('account deletion', ({ store, adapter }) => {
  it('keeps a deleted player’s pick in the open game: a number shared with it stays shared, and its receipt INCLUDED', async () => {
    const deps = depsOver(store());
    const [ann, bob, cat] = [
      await join(deps, 'ann@example.test'),
      await join(deps, 'bob@example.test'),
      await join(deps, 'cat@example.test'),
    ];
    const { receipt } = await submitEntry(deps, { userId: ann.id, number: 5 });
    await submitEntry(deps, { userId: bob.id, number: 5 });
    await submitEntry(deps, { userId: cat.id, number: 7 });
    const key = await openGameKey(deps);

    expect(await deleteAccount(deps, ann.id)).toEqual({ message: 'Account deleted' });
    const rows = (await store().read((r) => r.admin.submissions(key, 0, 10))).rows;
    expect(rows.filter((row) => row.userId === null)).toMatchObject([
      { number: 5, userDisplayName: null, userEmail: null },
    ]);

    await closeGame(deps, key);
    const stats = await store().read((r) => r.games.stats(key));
    expect(stats?.snapshot).toMatchObject({ entriesTotal: 3, winningNumber: 7, uniquesTotal: 1 });
    expect(await store().read((r) => r.winnings.byGame(key))).toMatchObject({ userId: cat.id, winningNumber: 7 });
    expect(await included(deps, key, receipt)).toBe(true);
  });

  it('keeps a deleted player’s Mine in the open game: it still knocks its number out, and its receipt is INCLUDED', async () => {
    const deps = depsOver(store());
    const [ann, bob, cat] = [
      await join(deps, 'ann@example.test'),
      await join(deps, 'bob@example.test'),
      await join(deps, 'cat@example.test'),
    ];
    await grantMine(deps, ann.id);
    const { receipt } = await useMine(deps, { userId: ann.id, number: 12 });
    await submitEntry(deps, { userId: bob.id, number: 12 });
    await submitEntry(deps, { userId: cat.id, number: 20 });
    const key = await openGameKey(deps);

    await deleteAccount(deps, ann.id);
    expect(await store().read((r) => r.mines.numbers(key))).toEqual([12]);

    await closeGame(deps, key);
    const stats = await store().read((r) => r.games.stats(key));
    expect(stats?.snapshot).toMatchObject({ minedNumbers: [12], winningNumber: 20 });
    expect(await store().read((r) => r.winnings.byGame(key))).toMatchObject({ userId: cat.id });
    expect(await included(deps, key, receipt)).toBe(true);
  });

  it('keeps a bonus entry already spent, which counts at the close; the grants go', async () => {
    const deps = depsOver(store());
    const [gus, ann, bob] = [
      await join(deps, 'gus@example.test'),
      await join(deps, 'ann@example.test'),
      await join(deps, 'bob@example.test'),
    ];
    // Referred by Gus: Ann gets a bonus entry, and Gus one when she plays.
    await processReferral(deps, { userId: ann.id, referralCode: gus.referralCode });
    await store().write((r) =>
      r.bonusEntries.grant({
        id: 'unspent',
        userId: ann.id,
        sourceType: 'other',
        remainingEntries: 1,
        grantedAt: deps.clock.now().toISOString(),
        expiresAt: new Date(deps.clock.now().getTime() + 7 * DAY).toISOString(),
        gameKey: null,
      }),
    );
    await submitEntry(deps, { userId: ann.id, number: 3 });
    const bonus = await submitEntry(deps, { userId: ann.id, number: 4 });
    expect(bonus.entry.entryType).toBe('bonus');
    await submitEntry(deps, { userId: bob.id, number: 3 });
    const key = await openGameKey(deps);
    const now = deps.clock.now().toISOString();
    expect(await store().read((r) => r.bonusEntries.available(ann.id, now))).toHaveLength(1);

    await deleteAccount(deps, ann.id);
    expect(await store().read((r) => r.bonusEntries.available(ann.id, now))).toEqual([]);
    const rows = (await store().read((r) => r.admin.submissions(key, 0, 10))).rows;
    expect(rows.filter((row) => row.userId === null).map((row) => [row.number, row.entryType])).toEqual([
      [4, 'bonus'],
      [3, 'standard'],
    ]);

    await closeGame(deps, key);
    // Ann's bonus 4 is the lowest unique number: it wins, for nobody.
    expect((await store().read((r) => r.games.stats(key)))?.snapshot).toMatchObject({
      entriesTotal: 3,
      winningNumber: 4,
    });
    expect(await store().read((r) => r.winnings.byGame(key))).toBeNull();
    expect(await included(deps, key, bonus.receipt)).toBe(true);
  });

  it('refuses while a payout is pending or approved; keeps paid, failed and unclaimed winnings, detached', async () => {
    const deps = depsOver(store());
    const admin = await join(deps, 'admin@example.test');
    const ann = await join(deps, 'ann@example.test', 'Ann Winner');
    const claim = (gameId: string) =>
      claimPrize(deps, { userId: ann.id, gameId, paypalEmail: 'ann.pay@example.test', preferredName: 'Ann W' });
    const review = (
      payoutId: string,
      status: string,
      fields: { reviewNotes?: string; paymentReference?: string } = {},
    ) => reviewPayout(deps, { adminId: admin.id, payoutId, status, ...fields });
    const days: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await submitEntry(deps, { userId: ann.id, number: 1 });
      days.push(await closeToday(deps));
    }
    const [paidDay, failedDay, unclaimedDay] = days as [string, string, string];
    const paid = await claim(paidDay);
    const failed = await claim(failedDay);

    const refused = async () => {
      expect(await rejection(deleteAccount(deps, ann.id))).toMatchObject({
        code: 'CONFLICT',
        message: PAYOUT_IN_PROGRESS_MESSAGE,
      });
      expect(await store().read((r) => r.users.byId(ann.id))).not.toBeNull();
    };
    await refused();
    await review(paid.payoutId, 'approved');
    await review(failed.payoutId, 'failed', { reviewNotes: 'Rejected: not a real PayPal account' });
    await refused();
    await review(paid.payoutId, 'paid', { paymentReference: 'PAYPAL-TX-42' });

    expect(await deleteAccount(deps, ann.id)).toEqual({ message: 'Account deleted' });
    const { payouts } = await listPayouts(deps, admin.id);
    expect(payouts.map((p) => [p.gameDate, p.status]).sort()).toEqual([
      [paidDay, 'paid'],
      [failedDay, 'failed'],
    ]);
    expect(payouts.find((p) => p.status === 'paid')).toMatchObject({
      playerName: null,
      playerEmail: null,
      paypalEmail: 'ann.pay@example.test',
      preferredName: 'Ann W',
      paymentReference: 'PAYPAL-TX-42',
      processedAt: expect.any(String),
      amountCents: expect.any(Number),
    });
    expect(payouts.find((p) => p.status === 'failed')).toMatchObject({
      playerName: null,
      paypalEmail: null,
      preferredName: null,
      reviewNotes: 'Rejected: not a real PayPal account',
    });
    await store().read(async (r) => {
      expect((await r.payouts.audit(paid.payoutId)).map((a) => a.toStatus)).toEqual(['approved', 'paid']);
      expect((await r.payouts.audit(failed.payoutId)).map((a) => a.toStatus)).toEqual(['failed']);
      for (const day of days) expect(await r.winnings.byGame(day)).toMatchObject({ userId: null, winningNumber: 1 });
      const unclaimed = await r.winnings.byGame(unclaimedDay);
      if (!unclaimed) throw new Error('the unclaimed winning is gone');
      expect(canClaim(unclaimed, null)).toBe(false);
      expect(toWinningDto(unclaimed, null)).toMatchObject({ status: 'unclaimed', canClaim: false });
      // Nobody is reminded of a winning nobody can claim.
      expect(await r.winnings.dueForReminder(deps.clock.now().toISOString(), 10)).toEqual([]);
    });
  });

  it('leaves the person’s e-mail and name in no table but the paid payout’s record', async () => {
    const deps = depsOver(store());
    const signInEmail = 'Dora.Signin@Example.test';
    const contactEmail = 'dora.contact@example.test';
    const name = 'Dora Deletable';
    const admin = await join(deps, 'admin@example.test');
    const gus = await join(deps, 'gus@example.test', 'Gus Guildmaster');
    const dora = (
      await signIn(deps, {
        googleSub: 'sub-dora',
        email: signInEmail,
        displayName: name,
        adminEmails: [],
        client: { deviceId: 'dora-device', address: '203.0.113.9' },
      })
    ).user;
    const rita = await join(deps, 'rita@example.test', 'Rita Referred');
    await processReferral(deps, { userId: dora.id, referralCode: gus.referralCode });
    await processReferral(deps, { userId: rita.id, referralCode: dora.referralCode });
    await createSession(deps, dora.id, 30);
    const { guild } = await createGuild(deps, { userId: gus.id, name: 'Low Riders', password: 'pass' });
    await joinGuild(deps, { userId: dora.id, guildId: guild.id, password: 'pass' });
    // A contact e-mail not yet confirmed: its link and its mail are stored.
    await updateProfile(deps, dora.id, { email: contactEmail, displayName: name, dailyReminder: true });

    const client = { deviceId: 'dora-device', address: '203.0.113.9' };
    const days: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await submitEntry(deps, { userId: dora.id, number: 1, client });
      await submitEntry(deps, { userId: gus.id, number: 2 });
      await submitEntry(deps, { userId: rita.id, number: 3 });
      days.push(await closeToday(deps));
    }
    const [paidDay, failedDay] = days as [string, string, string];
    const claim = (gameId: string) =>
      claimPrize(deps, { userId: dora.id, gameId, paypalEmail: contactEmail, preferredName: name });
    const paid = await claim(paidDay);
    const failed = await claim(failedDay);
    // Dora's referral links her to Gus, who played too: a flagged winning is approved by typing the winner's name.
    await reviewPayout(deps, { adminId: admin.id, payoutId: paid.payoutId, status: 'approved', confirmName: name });
    await reviewPayout(deps, {
      adminId: admin.id,
      payoutId: paid.payoutId,
      status: 'paid',
      paymentReference: 'PAYPAL-TX-7',
    });
    await reviewPayout(deps, {
      adminId: admin.id,
      payoutId: failed.payoutId,
      status: 'failed',
      reviewNotes: 'Rejected: duplicate',
    });
    // Today: a pick, a bonus pick, a Mine, the day's reminder; mails in every state.
    await grantMine(deps, dora.id);
    await submitEntry(deps, { userId: dora.id, number: 40, client });
    await submitEntry(deps, { userId: dora.id, number: 41, client });
    await useMine(deps, { userId: dora.id, number: 50 });
    const today = await openGameKey(deps);
    await store().write((r) => r.dailyReminders.mark(dora.id, today.slice(0, 10), deps.clock.now().toISOString()));
    const now = deps.clock.now().toISOString();
    await store().write(async (r) => {
      const theirs = (await r.outbox.claimDue(now, now, 'worker', 100)).filter((m) =>
        [signInEmail, contactEmail].some((address) => address.toLowerCase() === m.to.toLowerCase()),
      );
      const [first, second] = theirs;
      if (!first || !second) throw new Error('expected mails to Dora');
      await r.outbox.settle(first.id, 'worker', { status: 'sent', at: now });
      await r.outbox.settle(second.id, 'worker', { status: 'failed', error: '550 no such mailbox' });
    });
    const person = [signInEmail, contactEmail, name];
    const before = await sightings(store(), adapter, person);
    // Every kind of row the scan must find before the deletion is there.
    for (const table of adapter === 'memory'
      ? ['users', 'outbox', 'emailConfirmations', 'payouts']
      : ['users', 'outbox', 'email_confirmations', 'payouts'])
      expect(before.map((s) => s.table)).toContain(table);
    const idsBefore = await sightings(store(), adapter, [dora.id]);
    expect(idsBefore.length).toBeGreaterThan(10);

    expect(await deleteAccount(deps, dora.id)).toEqual({ message: 'Account deleted' });

    const after = await sightings(store(), adapter, person);
    const paidRecord = after.filter((s) => s.table === 'payouts' && s.status === 'paid');
    expect(paidRecord.map((s) => s.column).sort()).toEqual(
      adapter === 'memory' ? ['paypalEmail', 'preferredName'] : ['paypal_email', 'preferred_name'],
    );
    expect(after.filter((s) => !paidRecord.includes(s))).toEqual([]);
    // Nothing points at the person any more either: every kept row is detached.
    expect(await sightings(store(), adapter, [dora.id])).toEqual([]);

    // What was kept still stands: today's picks and Mine count at the close.
    deps.clock.advance(DAY);
    await closeDueGames(deps);
    const stats = await store().read((r) => r.games.stats(today));
    expect(stats?.snapshot).toMatchObject({ entriesTotal: 2, minedNumbers: [50], winningNumber: 40 });
  });
});
