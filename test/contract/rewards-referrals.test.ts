// Contract: BonusEntryRepository, RewardRepository, MineRepository and ReferralRepository.
import { expect, it } from 'vitest';
import type { BonusEntry } from '../../core/model.ts';
import { contract } from './harness.ts';
import { at, game, mine, newUser, reward, seedUsers } from './fixtures.ts';

const domainError = (code: string) => expect.objectContaining({ name: 'DomainError', code });

const bonus = (id: string, userId: string, fields: Partial<BonusEntry> = {}): BonusEntry => ({
  id,
  userId,
  sourceType: 'referral',
  remainingEntries: 1,
  grantedAt: at(0),
  expiresAt: at(60),
  gameKey: null,
  ...fields,
});

contract('bonusEntries', ({ store }) => {
  it('lists available grants soonest-expiring first and consumes them conditionally', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2');
      await r.bonusEntries.grant(
        bonus('b-late', 'u1', { expiresAt: at(90), sourceType: 'streak', remainingEntries: 2 }),
      );
      await r.bonusEntries.grant(bonus('b-soon', 'u1', { expiresAt: at(30) }));
      await r.bonusEntries.grant(bonus('b-gone', 'u1', { expiresAt: at(5) }));
      await r.bonusEntries.grant(bonus('b-empty', 'u1', { remainingEntries: 0 }));
      await r.bonusEntries.grant(bonus('b-other', 'u2'));
    });
    expect(await store().read((r) => r.bonusEntries.available('u1', at(10)))).toEqual([
      bonus('b-soon', 'u1', { expiresAt: at(30) }),
      bonus('b-late', 'u1', { expiresAt: at(90), sourceType: 'streak', remainingEntries: 2 }),
    ]);
    expect(await store().write((r) => r.bonusEntries.consume('b-soon', at(10)))).toBe(true);
    expect(await store().write((r) => r.bonusEntries.consume('b-soon', at(10)))).toBe(false);
    expect(await store().write((r) => r.bonusEntries.consume('b-late', at(95)))).toBe(false);
    expect(await store().write((r) => r.bonusEntries.consume('nope', at(10)))).toBe(false);
    expect((await store().read((r) => r.bonusEntries.available('u1', at(10)))).map((b) => b.id)).toEqual(['b-late']);
    await store().write((r) => r.bonusEntries.deleteForUser('u1'));
    expect(await store().read((r) => r.bonusEntries.available('u1', at(0)))).toEqual([]);
    expect(await store().read((r) => r.bonusEntries.available('u2', at(0)))).toHaveLength(1);
  });

  it('deletes bots’ grants tied to a game only', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'u1', newUser('bot:0001', { isBot: true }));
      await r.bonusEntries.grant(bonus('b1', 'bot:0001', { gameKey: '2026-11-20' }));
      await r.bonusEntries.grant(bonus('b2', 'bot:0001', { gameKey: '2026-11-19' }));
      await r.bonusEntries.grant(bonus('b3', 'u1', { gameKey: '2026-11-20' }));
    });
    expect(await store().write((r) => r.bonusEntries.deleteBotGrants('2026-11-20'))).toBe(1);
    expect((await store().read((r) => r.bonusEntries.available('bot:0001', at(0)))).map((b) => b.id)).toEqual(['b2']);
    expect(await store().read((r) => r.bonusEntries.available('u1', at(0)))).toHaveLength(1);
  });
});

contract('rewards', ({ store }) => {
  it('finds the first available item, marks it used once and keeps its result', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2');
      await r.rewards.grant([
        reward('r-late', 'u1', { earnedAt: at(2), expiresAt: at(80) }),
        reward('r-soon', 'u1', { earnedAt: at(1), expiresAt: at(40), sourceGameKey: '2026-11-19' }),
        reward('r-mine', 'u1', { rewardType: 'mine', earnedAt: at(3) }),
        reward('r-expired', 'u1', { earnedAt: at(0), expiresAt: at(5) }),
      ]);
      await r.rewards.grant([]);
    });
    const first = await store().read((r) => r.rewards.firstAvailable('u1', 'peak', at(10)));
    expect(first).toEqual(reward('r-soon', 'u1', { earnedAt: at(1), expiresAt: at(40), sourceGameKey: '2026-11-19' }));
    expect(await store().read((r) => r.rewards.firstAvailable('u1', 'how_many', at(10)))).toBeNull();
    expect(await store().read((r) => r.rewards.firstAvailable('u2', 'peak', at(10)))).toBeNull();

    const result = { numberChosen: true, message: 'Someone picked 7.', nested: { n: 7 } };
    expect(await store().write((r) => r.rewards.markUsed('r-soon', at(11), '2026-11-20', result))).toBe(true);
    expect(await store().write((r) => r.rewards.markUsed('r-soon', at(12), '2026-11-20', {}))).toBe(false);
    expect((await store().read((r) => r.rewards.firstAvailable('u1', 'peak', at(10))))?.id).toBe('r-late');
    await store().write((r) => r.rewards.markUsed('r-mine', at(13), '2026-11-20', { number: 12 }));

    expect((await store().read((r) => r.rewards.forUser('u1'))).map((i) => i.id)).toEqual([
      'r-expired',
      'r-soon',
      'r-late',
      'r-mine',
    ]);
    const history = await store().read((r) => r.rewards.usageHistory('u1', 10, 0));
    expect(history.map((i) => i.id)).toEqual(['r-mine', 'r-soon']);
    expect(history[1]).toMatchObject({ usedAt: at(11), usedInGameKey: '2026-11-20', usedResult: result });
    expect((await store().read((r) => r.rewards.usageHistory('u1', 1, 1))).map((i) => i.id)).toEqual(['r-soon']);
    await store().write((r) => r.rewards.deleteForUser('u1'));
    expect(await store().read((r) => r.rewards.forUser('u1'))).toEqual([]);
  });
});

contract('mines', ({ store }) => {
  it('places one mine per player per game and lists the distinct numbers', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2', 'u3');
      await r.games.create(game('2026-11-20'));
      await r.games.create(game('2026-11-21'));
      await r.mines.place(mine('2026-11-20', 'u1', 30, 1));
      await r.mines.place(mine('2026-11-20', 'u2', 12, 2));
      await r.mines.place(mine('2026-11-20', 'u3', 30, 3));
      await r.mines.place(mine('2026-11-21', 'u1', 50, 4));
    });
    await expect(store().write((r) => r.mines.place(mine('2026-11-20', 'u1', 40, 5)))).rejects.toEqual(
      domainError('MINE_ALREADY_USED'),
    );
    await store().read(async (r) => {
      expect(await r.mines.numbers('2026-11-20')).toEqual([12, 30]);
      expect(await r.mines.forPlayer('2026-11-20', 'u1')).toEqual(mine('2026-11-20', 'u1', 30, 1));
      expect(await r.mines.forPlayer('2026-11-22', 'u1')).toBeNull();
    });
    // Account deletion: every mine of the player stays, detached, in whatever state its game is.
    await store().write((r) => r.mines.detachFromUser('u1'));
    expect(await store().read((r) => r.mines.numbers('2026-11-21'))).toEqual([50]);
    expect(await store().read((r) => r.mines.forPlayer('2026-11-21', 'u1'))).toBeNull();
    expect(await store().read((r) => r.mines.numbers('2026-11-20'))).toEqual([12, 30]);
    expect(await store().read((r) => r.mines.forPlayer('2026-11-20', 'u1'))).toBeNull();
    const published = await store().read((r) => r.fairness.publishedRows('2026-11-20'));
    expect(published.mines.map((m) => m.mineId).sort()).toEqual([
      'mine:2026-11-20:u1',
      'mine:2026-11-20:u2',
      'mine:2026-11-20:u3',
    ]);
  });
});

contract('referrals', ({ store }) => {
  it('creates one referral per referred player, completes it and counts it', async () => {
    const referral = {
      id: 'ref1',
      referrerId: 'u1',
      referredId: 'u2',
      code: 'U1XXXXXXXXXX',
      status: 'pending' as const,
      createdAt: at(0),
      completedAt: null,
    };
    await store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2', 'u3');
      await r.referrals.create(referral);
      await r.referrals.create({ ...referral, id: 'ref2', referredId: 'u3' });
    });
    await expect(
      store().write((r) => r.referrals.create({ ...referral, id: 'ref3', referrerId: 'u3' })),
    ).rejects.toEqual(domainError('REFERRAL_NOT_ALLOWED'));
    expect(await store().read((r) => r.referrals.byReferred('u2'))).toEqual(referral);
    expect(await store().read((r) => r.referrals.byReferred('u1'))).toBeNull();
    await store().write((r) => r.referrals.markCompleted('ref1', at(9)));
    expect(await store().read((r) => r.referrals.byReferred('u2'))).toEqual({
      ...referral,
      status: 'completed',
      completedAt: at(9),
    });
    expect(await store().read((r) => r.referrals.stats('u1'))).toEqual({
      totalReferrals: 2,
      completedReferrals: 1,
      notEligibleReferrals: 0,
    });
    expect(await store().read((r) => r.referrals.stats('u2'))).toEqual({
      totalReferrals: 0,
      completedReferrals: 0,
      notEligibleReferrals: 0,
    });
    await store().write((r) => r.referrals.deleteForUser('u3'));
    expect(await store().read((r) => r.referrals.stats('u1'))).toEqual({
      totalReferrals: 1,
      completedReferrals: 1,
      notEligibleReferrals: 0,
    });
    await store().write((r) => r.referrals.deleteForUser('u1'));
    expect(await store().read((r) => r.referrals.byReferred('u2'))).toBeNull();
  });
});
