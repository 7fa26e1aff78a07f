// Contract: PrizeRepository, WinningRepository, PayoutRepository and OutboxRepository.
import { expect, it } from 'vitest';
import { contract } from './harness.ts';
import { at, game, payout, prize, seedUsers, winning } from './fixtures.ts';

const domainError = (code: string) => expect.objectContaining({ name: 'DomainError', code });
const byId = <T extends { id: string }>(rows: T[]): T[] => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

contract('prizes', ({ store }) => {
  it('stores weekly defaults and date overrides, one per slot, and deletes them', async () => {
    const monday = prize('p-mon', { dayOfWeek: 1 });
    const override = prize('p-date', {
      dayOfWeek: 1,
      date: '2026-11-23',
      prizeType: 'voucher',
      amountCents: 2500,
      description: 'Gift card',
    });
    await store().write(async (r) => {
      expect(await r.prizes.upsert(monday)).toEqual(monday);
      await r.prizes.upsert(override);
      await r.prizes.upsert(prize('p-tue', { dayOfWeek: 2, isActive: false }));
    });
    await store().read(async (r) => {
      expect(byId(await r.prizes.list())).toEqual(
        byId([monday, override, prize('p-tue', { dayOfWeek: 2, isActive: false })]),
      );
      expect(await r.prizes.weekly(1)).toEqual(monday);
      expect(await r.prizes.weekly(3)).toBeNull();
      expect(await r.prizes.forDate('2026-11-23')).toEqual(override);
      expect(await r.prizes.forDate('2026-11-24')).toBeNull();
      expect(await r.prizes.byId('p-tue')).toMatchObject({ isActive: false });
      expect(await r.prizes.byId('nope')).toBeNull();
    });
    // Replacing a slot replaces its row (and id).
    const newMonday = prize('p-mon-2', { dayOfWeek: 1, amountCents: 1500, updatedAt: at(5) });
    await store().write((r) => r.prizes.upsert(newMonday));
    const newOverride = { ...override, id: 'p-date-2', amountCents: 99 };
    await store().write((r) => r.prizes.upsert(newOverride));
    await store().read(async (r) => {
      expect(await r.prizes.weekly(1)).toEqual(newMonday);
      expect(await r.prizes.forDate('2026-11-23')).toEqual(newOverride);
      expect(await r.prizes.list()).toHaveLength(3);
    });
    await store().write(async (r) => {
      expect(await r.prizes.deleteWeekly(1)).toBe(true);
      expect(await r.prizes.deleteWeekly(1)).toBe(false);
      expect(await r.prizes.deleteForDate('2026-11-23')).toBe(true);
      expect(await r.prizes.deleteForDate('2026-11-23')).toBe(false);
      expect(await r.prizes.deleteWeekly(2)).toBe(true);
      expect(await r.prizes.list()).toEqual([]);
    });
  });
});

contract('winnings and payouts', ({ store }) => {
  const setUp = () =>
    store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2', 'admin');
      for (const date of ['2026-11-18', '2026-11-19', '2026-11-20']) await r.games.create(game(date));
      await r.winnings.create(winning('w18', '2026-11-18', 'u1', { winningNumber: 2 }));
      await r.winnings.create(winning('w19', '2026-11-19', 'u1'));
      await r.winnings.create(winning('w20', '2026-11-20', 'u2'));
    });

  it('stores one winning per game and finds winnings with their payouts', async () => {
    await setUp();
    await expect(store().write((r) => r.winnings.create(winning('w-again', '2026-11-18', 'u2')))).rejects.toEqual(
      domainError('CONFLICT'),
    );
    const p = payout('p19', 'w19', 'u1', { createdAt: at(3) });
    await store().write((r) => r.payouts.create(p));
    await store().read(async (r) => {
      expect(await r.winnings.byId('w18')).toEqual(winning('w18', '2026-11-18', 'u1', { winningNumber: 2 }));
      expect(await r.winnings.byId('nope')).toBeNull();
      expect(await r.winnings.byGame('2026-11-20')).toEqual(winning('w20', '2026-11-20', 'u2'));
      expect(await r.winnings.byGame('2026-11-21')).toBeNull();
      expect(await r.winnings.forUser('u1')).toEqual([
        { winning: winning('w19', '2026-11-19', 'u1'), payout: p },
        { winning: winning('w18', '2026-11-18', 'u1', { winningNumber: 2 }), payout: null },
      ]);
      expect(await r.winnings.forUser('admin')).toEqual([]);
    });
  });

  it('claims once, moves payouts by conditional transitions and keeps an audit trail', async () => {
    await setUp();
    await store().write(async (r) => {
      await r.payouts.create(payout('p18', 'w18', 'u1', { createdAt: at(1) }));
      await r.payouts.create(
        payout('p20', 'w20', 'u2', { createdAt: at(2), prizeType: 'voucher', paypalEmail: null, preferredName: null }),
      );
    });
    await expect(store().write((r) => r.payouts.create(payout('p18-again', 'w18', 'u1')))).rejects.toEqual(
      domainError('ALREADY_CLAIMED'),
    );
    expect(await store().read((r) => r.payouts.byId('p18'))).toEqual(payout('p18', 'w18', 'u1', { createdAt: at(1) }));
    expect(await store().read((r) => r.payouts.byId('nope'))).toBeNull();

    const fields = {
      reviewNotes: 'Approved by admin for manual processing',
      paymentReference: null,
      processedAt: at(4),
    };
    expect(await store().write((r) => r.payouts.transition('p18', 'pending_review', 'approved', fields))).toBe(true);
    expect(await store().write((r) => r.payouts.transition('p18', 'pending_review', 'failed', fields))).toBe(false);
    expect(await store().read((r) => r.payouts.byId('p18'))).toMatchObject({ status: 'approved', ...fields });
    await store().write(async (r) => {
      await r.payouts.addAudit({
        id: 'a1',
        payoutId: 'p18',
        adminId: 'admin',
        fromStatus: 'pending_review',
        toStatus: 'approved',
        note: null,
        at: at(4),
      });
      await r.payouts.addAudit({
        id: 'a2',
        payoutId: 'p18',
        adminId: 'admin',
        fromStatus: 'approved',
        toStatus: 'paid',
        note: 'TX-1',
        at: at(6),
      });
    });
    expect((await store().read((r) => r.payouts.audit('p18'))).map((a) => [a.id, a.toStatus, a.note])).toEqual([
      ['a1', 'approved', null],
      ['a2', 'paid', 'TX-1'],
    ]);
    expect(await store().read((r) => r.payouts.audit('p20'))).toEqual([]);

    const list = await store().read((r) => r.payouts.list());
    expect(list.map((p) => p.id)).toEqual(['p20', 'p18']);
    expect(list[0]).toEqual({
      ...payout('p20', 'w20', 'u2', { createdAt: at(2), prizeType: 'voucher', paypalEmail: null, preferredName: null }),
      gameDate: '2026-11-20',
      player: {
        displayName: 'Player u2',
        email: 'u2@example.test',
        verifiedEmail: null,
        isBot: false,
        contactEmailConfirmed: false,
      },
    });
    await store().write((r) => r.users.setMailSettings('u2', { contactEmailConfirmed: true }));
    expect((await store().read((r) => r.payouts.list()))[0]?.player?.contactEmailConfirmed).toBe(true);
  });

  it('on account deletion detaches winnings and payouts; only a paid payout keeps where the money went', async () => {
    await setUp();
    await store().write(async (r) => {
      await r.payouts.create(payout('p18', 'w18', 'u1', { status: 'paid', paymentReference: 'TX-1' }));
      await r.payouts.create(payout('p19', 'w19', 'u1', { status: 'failed', reviewNotes: 'Rejected: no' }));
      await r.payouts.addAudit({
        id: 'a1',
        payoutId: 'p19',
        adminId: 'admin',
        fromStatus: 'pending_review',
        toStatus: 'failed',
        note: 'Rejected: no',
        at: at(4),
      });
      await r.winnings.detachFromUser('u1');
    });
    await store().read(async (r) => {
      expect(await r.winnings.byId('w18')).toMatchObject({ userId: null });
      expect(await r.payouts.byId('p18')).toEqual(
        payout('p18', 'w18', null, { status: 'paid', paymentReference: 'TX-1' }),
      );
      expect(await r.winnings.byId('w19')).toMatchObject({ userId: null, prize: { amountCents: 5000 } });
      expect(await r.payouts.byId('p19')).toEqual(
        payout('p19', 'w19', null, {
          status: 'failed',
          reviewNotes: 'Rejected: no',
          paypalEmail: null,
          preferredName: null,
        }),
      );
      expect((await r.payouts.audit('p19')).map((a) => a.id)).toEqual(['a1']);
      expect(await r.winnings.forUser('u1')).toEqual([]);
      expect(await r.winnings.byId('w20')).toMatchObject({ userId: 'u2' });
      expect((await r.payouts.list()).find((p) => p.id === 'p18')).toMatchObject({
        player: null,
        gameDate: '2026-11-18',
      });
    });
  });
});

contract('outbox', ({ store }) => {
  it('lists mail newest first', async () => {
    await store().write(async (r) => {
      await r.outbox.add({ id: 'm1', to: 'a@example.test', subject: 'One', body: 'First', createdAt: at(1) });
      await r.outbox.add({ id: 'm2', to: 'b@example.test', subject: 'Two', body: 'Second', createdAt: at(2) });
    });
    expect(await store().read((r) => r.outbox.list(10))).toEqual([
      // Queued: pending, due at once, never tried (DESIGN.md §15).
      {
        id: 'm2',
        to: 'b@example.test',
        subject: 'Two',
        body: 'Second',
        createdAt: at(2),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at(2),
        lastError: null,
        sentAt: null,
      },
      {
        id: 'm1',
        to: 'a@example.test',
        subject: 'One',
        body: 'First',
        createdAt: at(1),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at(1),
        lastError: null,
        sentAt: null,
      },
    ]);
    expect((await store().read((r) => r.outbox.list(1))).map((m) => m.id)).toEqual(['m2']);
  });
});
