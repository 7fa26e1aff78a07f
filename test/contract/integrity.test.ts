// Contract: integrity (DESIGN.md §18) through the real close, referrals and payout review on every adapter. The
// stores' set-based reads must link exactly the accounts the plain rules link: a shared device, a pick pattern kept
// game after game, a referral with a home network; never a network alone or a crowded one.
import { expect, it } from 'vitest';
import type { Deps } from '../../core/deps.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { closeGame } from '../../core/game/close.ts';
import { clusteredAmong, gameIntegrity, integrityReport, RETENTION_DAYS } from '../../core/integrity/integrity.ts';
import type { SignalHash } from '../../core/integrity/model.ts';
import { NOT_ELIGIBLE_MESSAGE, processReferral, referralStats } from '../../core/referrals/referrals.ts';
import { claimPrize, myWinnings } from '../../core/payouts/winnings.ts';
import { CONFIRM_NAME_MESSAGE, listPayouts, reviewPayout } from '../../core/payouts/payout-review.ts';
import { deleteAccount } from '../../core/accounts/profile.ts';
import { signIn } from '../../core/accounts/sign-in.ts';
import { makeDeps, rejection } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { entry, game, newUser, seedUsers } from './fixtures.ts';

const device = (name: string): SignalHash => ({ kind: 'device', hash: `device-${name}`.padEnd(32, '0') });
const network = (name: string): SignalHash => ({ kind: 'network', hash: `network-${name}`.padEnd(32, '0') });
const DAYS = ['2026-11-17', '2026-11-18', '2026-11-19'];

const seen = async (r: Repositories, userId: string, signals: SignalHash[], days = DAYS): Promise<void> => {
  for (const day of days) await r.integrity.record(userId, signals, day);
};

/** A game on `date` with these picks; closed by the real close. */
const playAndClose = async (deps: Deps, date: string, picks: [string, number][]): Promise<void> => {
  await deps.store.write(async (r) => {
    await r.games.create(game(date));
    for (const [userId, number] of picks) await r.entries.add(entry(date, userId, number));
  });
  await closeGame(deps, date);
};

contract('integrity', ({ store }) => {
  it('flags a winner whose cluster holds three accounts in the game, with the evidence; networks alone link nobody', async () => {
    const deps: Deps = { ...makeDeps(), store: store() };
    const crowd = Array.from({ length: 14 }, (_, i) => `crowd${i}`);
    await store().write(async (r) => {
      await seedUsers(r, 'admin', 's1', 's2', 's3', 'h1', 'h2', 'h3', ...crowd);
      await r.users.update('admin', { role: 'admin' });
      for (const s of ['s1', 's2', 's3'])
        await seen(r, s, [device('syndicate'), network(`home-${s}`)], DAYS.slice(0, 1));
      for (const h of ['h1', 'h2', 'h3']) await seen(r, h, [device(h), network('household')]);
      for (const c of crowd) await seen(r, c, [device(c), network('carrier')]);
      await r.referrals.create({
        id: 'ref-h',
        referrerId: 'h1',
        referredId: 'h2',
        code: 'H1XXXXXXXXXX',
        status: 'completed',
        createdAt: DAYS[0] as string,
        completedAt: DAYS[0] as string,
      });
      await r.referrals.create({
        id: 'ref-c',
        referrerId: 'crowd0',
        referredId: 'crowd1',
        code: 'CROWD0XXXXXX',
        status: 'completed',
        createdAt: DAYS[0] as string,
        completedAt: DAYS[0] as string,
      });
    });
    await playAndClose(deps, '2026-11-20', [
      ['s1', 2],
      ['s2', 3],
      ['s3', 5],
      ['h1', 4],
      ['h2', 4],
      ['h3', 7],
      ['crowd0', 8],
      ['crowd1', 9],
      ['crowd2', 8],
    ]);

    const flags = await gameIntegrity(deps, '2026-11-20');
    const evidence = {
      flagged: true,
      clusterSize: 3,
      accountsInGame: 3,
      numbersHeld: [2, 3, 5],
      signals: [{ kind: 'device', strength: 'strong', accounts: 3 }],
    };
    expect(flags).toEqual([
      expect.objectContaining({ role: 'winner', userId: 's1', evidence, memberIds: ['s1', 's2', 's3'] }),
      expect.objectContaining({ role: 'runnerUp', userId: 's2', evidence, memberIds: ['s1', 's2', 's3'] }),
    ]);

    const report = await integrityReport(deps, '2026-11-20');
    expect(report.clusters.map((c) => [c.memberIds, c.signals, c.flaggedAs])).toEqual([
      [['s1', 's2', 's3'], evidence.signals, ['winner', 'runnerUp']],
      [
        ['h1', 'h2'],
        [
          { kind: 'referral', strength: 'medium', accounts: 2 },
          { kind: 'network', strength: 'weak', accounts: 2 },
        ],
        [],
      ],
    ]);

    // The admin reads the evidence and must type the winner's name; the winner's own screens carry none of it.
    const { payoutId } = await claimPrize(deps, {
      userId: 's1',
      gameId: '2026-11-20',
      paypalEmail: 'pay@example.test',
      preferredName: 'S One',
    });
    const listed = (await listPayouts(deps, 'admin')).payouts.find((p) => p.id === payoutId);
    expect(listed?.integrity).toEqual(evidence);
    for (const confirmName of [undefined, '', 'Player s2']) {
      const refused = await rejection(
        reviewPayout(deps, { adminId: 'admin', payoutId, status: 'approved', confirmName }),
      );
      expect([refused.code, refused.message]).toEqual(['VALIDATION', CONFIRM_NAME_MESSAGE]);
    }
    expect((await listPayouts(deps, 'admin')).payouts.find((p) => p.id === payoutId)?.status).toBe('pending_review');
    const approved = await reviewPayout(deps, {
      adminId: 'admin',
      payoutId,
      status: 'approved',
      confirmName: ' Player s1 ',
    });
    expect(approved.payout.status).toBe('approved');
    expect(JSON.stringify(await myWinnings(deps, 's1'))).not.toMatch(/integrity|cluster|device/i);
  });

  it('marks the players of a page whose cluster holds three accounts in the game, each cluster its own read', async () => {
    const deps: Deps = { ...makeDeps(), store: store() };
    await store().write(async (r) => {
      await seedUsers(r, 's1', 's2', 's3', 'h1', 'h2', 'c1', 'c2');
      for (const s of ['s1', 's2', 's3'])
        await seen(r, s, [device('syndicate'), network(`home-${s}`)], DAYS.slice(0, 1));
      for (const h of ['h1', 'h2']) await seen(r, h, [device(h), network('household')]);
      await r.referrals.create({
        id: 'ref-h',
        referrerId: 'h1',
        referredId: 'h2',
        code: 'H1XXXXXXXXXX',
        status: 'completed',
        createdAt: DAYS[0] as string,
        completedAt: DAYS[0] as string,
      });
    });
    await playAndClose(deps, '2026-11-20', [
      ['s1', 2],
      ['s2', 3],
      ['s3', 5],
      ['h1', 4],
      ['h2', 6],
      ['c1', 8],
      ['c2', 8],
    ]);
    // Its reads counted: on SQLite a read holds the server's thread to its end, so a page must not be one read.
    let reads = 0;
    const counted: Store = { ...deps.store, read: (work) => ((reads += 1), deps.store.read(work)) };
    const marks = await clusteredAmong(
      { store: counted },
      '2026-11-20',
      ['h1', 's1', 'c1', 's3', 'h2', 'c2'],
      new Date('2026-11-21T00:00:00.000Z'),
    );
    // A household of two is no cluster of three, the crowd no cluster at all.
    expect(marks).toEqual(new Set(['s1', 's2', 's3']));
    // The window once, then a read per cluster met: h1's (h2 in it), s1's (s3 in it), c1's, c2's.
    expect(reads).toBe(5);
  });

  it('links accounts whose low picks never collide game after game, and no one else', async () => {
    const deps: Deps = { ...makeDeps(), store: store() };
    const carpet = ['p1', 'p2', 'p3'];
    const crowd = Array.from({ length: 20 }, (_, i) => `c${i}`);
    await store().write((r) => seedUsers(r, ...carpet, ...crowd));
    const dates = ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'];
    for (const [day, date] of dates.entries()) {
      const shuffled = carpet.map((id, i) => [id, ((i + day) % 3) + 1] as [string, number]);
      // The crowd picks low numbers too, colliding with each other and sometimes going high.
      const others = crowd.map((id, i) => [id, 4 + ((i * 7 + day) % 9) + (i === day ? 500 : 0)] as [string, number]);
      await playAndClose(deps, date, [...shuffled, ...others]);
    }
    const flags = await gameIntegrity(deps, '2026-11-19');
    expect(flags.map((f) => [f.role, f.memberIds, f.evidence.signals])).toEqual([
      ['winner', carpet, [{ kind: 'picks', strength: 'strong', accounts: 3 }]],
      ['runnerUp', carpet, [{ kind: 'picks', strength: 'strong', accounts: 3 }]],
    ]);
    // Four games are not enough to say it.
    expect(await gameIntegrity(deps, '2026-11-17')).toEqual([]);
  });

  it('links a carpet whose pairs look like any two low pickers, by the group that never collides', async () => {
    const deps: Deps = { ...makeDeps(), store: store() };
    const carpet = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const crowd = Array.from({ length: 40 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    await store().write((r) => seedUsers(r, ...carpet, ...crowd));
    const dates = Array.from({ length: 14 }, (_, day) => `2026-11-${String(day + 6).padStart(2, '0')}`);
    for (const [day, date] of dates.entries()) {
      // The carpet covers 1 and 11 more of 2..15 each day, in turn; the crowd holds each of 3..22 twice.
      const numbers = [
        1,
        ...Array.from({ length: 15 }, (_, i) => ((i * 7 + day * 4) % 15) + 1).filter((n) => n !== 1),
      ].slice(0, 12);
      const held = carpet.map((id, i) => [id, numbers[(i + day) % 12] ?? 1] as [string, number]);
      const others = crowd.map((id, i) => [id, 3 + ((i * 11 + day * 5) % 20)] as [string, number]);
      await playAndClose(deps, date, [...held, ...others]);
    }
    const flags = await gameIntegrity(deps, dates[dates.length - 1] as string);
    expect(flags.map((f) => [f.role, f.memberIds, f.evidence.signals])).toContainEqual([
      'winner',
      carpet,
      [{ kind: 'picks', strength: 'strong', accounts: carpet.length }],
    ]);
    // Three games say nothing.
    expect(await gameIntegrity(deps, dates[2] as string)).toEqual([]);
  });

  it('grants no referral bonus between accounts on one device, and tells the referrer', async () => {
    const deps: Deps = { ...makeDeps(), store: store() };
    const client = { deviceId: 'a'.repeat(32), address: '203.0.113.9' };
    const { user: referrer } = await signIn(deps, {
      googleSub: null,
      email: 'ref@example.test',
      displayName: 'Referrer',
      adminEmails: [],
      client,
    });
    const { user: twin } = await signIn(deps, {
      googleSub: null,
      email: 'twin@example.test',
      displayName: 'Twin',
      adminEmails: [],
      client,
    });
    const { user: friend } = await signIn(deps, {
      googleSub: null,
      email: 'friend@example.test',
      displayName: 'Friend',
      adminEmails: [],
      client: { deviceId: 'b'.repeat(32), address: '198.51.100.7' },
    });

    expect(await processReferral(deps, { userId: twin.id, referralCode: referrer.referralCode })).toEqual({
      message: NOT_ELIGIBLE_MESSAGE,
    });
    expect((await processReferral(deps, { userId: friend.id, referralCode: referrer.referralCode })).message).toMatch(
      /bonus entry/,
    );
    expect(await referralStats(deps, referrer.id)).toEqual({
      totalReferrals: 2,
      completedReferrals: 0,
      notEligibleReferrals: 1,
    });
    expect(await store().read((r) => r.bonusEntries.available(twin.id, deps.clock.now().toISOString()))).toEqual([]);
    expect(await store().read((r) => r.bonusEntries.available(friend.id, deps.clock.now().toISOString()))).toHaveLength(
      1,
    );
  });

  it('forgets signals past their retention and with the account, flags included', async () => {
    const deps: Deps = { ...makeDeps(), store: store() };
    await store().write(async (r) => {
      await seedUsers(r, 'a', 'b', 'c', newUser('d'));
      for (const id of ['a', 'b', 'c']) await seen(r, id, [device('shared')], ['2026-08-01', '2026-11-19']);
      await seen(r, 'd', [device('shared')], ['2026-08-01']);
    });
    await playAndClose(deps, '2026-11-20', [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    expect((await gameIntegrity(deps, '2026-11-20'))[0]?.memberIds).toEqual(['a', 'b', 'c']);

    await store().write((r) =>
      r.integrity.deleteSignalsBefore(
        new Date(Date.parse('2026-11-20') - RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    expect(await store().read((r) => r.integrity.shared(['d'], '2000-01-01', 100))).toEqual([]);

    await deleteAccount(deps, 'b');
    expect((await store().read((r) => r.integrity.shared(['a'], '2000-01-01', 100))).map((row) => row.otherId)).toEqual(
      ['c'],
    );
    expect((await gameIntegrity(deps, '2026-11-20'))[0]?.memberIds).toEqual(['a', 'c']);
    await deleteAccount(deps, 'a');
    expect(await gameIntegrity(deps, '2026-11-20')).toEqual([]);
  });
});
