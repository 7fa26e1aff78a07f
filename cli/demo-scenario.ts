// seed-demo's script: replays N past days through the same use cases as the server, with the clock
// set to each day's times, so every screen has data (statistics, leaderboards, rewards, referrals,
// guilds, winnings and payouts, the admin tabs). It decides who plays what; the core decides the rest.
import type { Deps } from '../core/deps.ts';
import type { GameDate, User } from '../core/model.ts';
import { DomainError, fail } from '../core/errors.ts';
import {
  closeInstantAfter,
  closeInstantForDate,
  dayOfWeek,
  gameDateOf,
  nextDate,
  previousDate,
} from '../core/game/calendar.ts';
import { closeDueGames } from '../core/game/close.ts';
import { currentGame } from '../core/game/current-game.ts';
import { submitEntry } from '../core/entries/submit-entry.ts';
import { myEntries } from '../core/entries/my-entries.ts';
import { useHowMany, useMine, usePeak } from '../core/rewards/use-rewards.ts';
import { processReferral } from '../core/referrals/referrals.ts';
import { signIn } from '../core/accounts/sign-in.ts';
import { setRole } from '../core/accounts/profile.ts';
import { createGuild, joinGuild } from '../core/guilds/guild-membership.ts';
import { claimPrize, myWinnings } from '../core/payouts/winnings.ts';
import { reviewPayout } from '../core/payouts/payout-review.ts';
import { saveDatePrize } from '../core/prizes/prize-config.ts';
import { createBots, type BotStrategy } from '../core/bots/bots.ts';
import type { Progress } from './progress-bar.ts';
import type { SettableClock } from './settable-clock.ts';

const HOUR = 3_600_000;
const GUILD_PASSWORD = 'demo1234';

type PlayerKey = 'alice' | 'bob' | 'carol' | 'dave' | 'erin';

export const DEMO_PLAYERS: Record<PlayerKey, { email: string; displayName: string }> = {
  alice: { email: 'alice@demo.lowest.invalid', displayName: 'Alice Archer' },
  bob: { email: 'bob@demo.lowest.invalid', displayName: 'Bob Builder' },
  carol: { email: 'carol@demo.lowest.invalid', displayName: 'Carol Chen' },
  dave: { email: 'dave@demo.lowest.invalid', displayName: 'Dave Diaz' },
  erin: { email: 'erin@demo.lowest.invalid', displayName: 'Erin Evans' },
};
export const DEMO_ADMIN = { email: 'admin@demo.lowest.invalid', displayName: 'Demo Admin' };

export interface SeedOptions {
  days: number;
  strategy: BotStrategy;
}

export interface SeedSummary {
  days: GameDate[];
  closedGames: string[];
  today: GameDate;
  botEntries: number;
  demoEntries: number;
  rewardsUsed: number;
  winnings: { player: string; gameDate: string; status: string }[];
  guild: string;
  players: string[];
  admin: string;
}

/**
 * Who plays on a past day, counted back from yesterday (ago = 1). Alice plays every day (streaks,
 * so rewards and streak bonuses); Bob skips now and then; Carol plays the last week; Dave only at
 * weekends; Erin was referred but never played (a pending referral).
 */
const playsOn = (player: PlayerKey, ago: number, weekend: boolean): boolean => {
  switch (player) {
    case 'alice':
      return true;
    case 'bob':
      return ago % 5 !== 0;
    case 'carol':
      return ago <= 7;
    case 'dave':
      return weekend;
    case 'erin':
      return false;
  }
};

/** Days (counted back from yesterday) on which a demo player wins, and what happens to the prize. */
const WINS: { ago: number; player: PlayerKey; payout: 'pending' | 'paid' | 'unclaimed' }[] = [
  { ago: 1, player: 'alice', payout: 'pending' },
  { ago: 2, player: 'bob', payout: 'paid' },
  { ago: 4, player: 'carol', payout: 'unclaimed' },
];

export const seedDemo = async (
  deps: Deps,
  clock: SettableClock,
  options: SeedOptions,
  progress: Progress,
): Promise<SeedSummary> => {
  const already = await deps.store.read((repos) => repos.users.byEmail(DEMO_PLAYERS.alice.email));
  if (already) fail('CONFLICT', 'This database already holds the demo data (alice@demo.lowest.invalid exists).');

  const realNow = clock.now();
  const today = gameDateOf(closeInstantAfter(realNow, deps.config), deps.config);
  const days: GameDate[] = [];
  for (let date = previousDate(today); days.length < options.days; date = previousDate(date)) days.unshift(date);
  const pending = await deps.store.read(async (repos) => {
    const free: GameDate[] = [];
    for (const date of days) if ((await repos.games.latestForDate(date)) === null) free.push(date);
    return free;
  });

  const summary: SeedSummary = {
    days: pending,
    closedGames: [],
    today,
    botEntries: 0,
    demoEntries: 0,
    rewardsUsed: 0,
    winnings: [],
    guild: 'Low Rollers',
    players: Object.values(DEMO_PLAYERS).map((p) => p.email),
    admin: DEMO_ADMIN.email,
  };
  const random = (low: number, high: number): number => low + Math.floor(deps.random.next() * (high - low + 1));

  // ---- the accounts, the referrals and the guild, just before the first seeded day opens
  const first = pending[0];
  if (first !== undefined) clock.set(new Date(closeInstantForDate(first, deps.config).getTime() - 23 * HOUR));
  const users = {} as Record<PlayerKey, User>;
  for (const key of Object.keys(DEMO_PLAYERS) as PlayerKey[]) {
    users[key] = (await signIn(deps, { googleSub: null, ...DEMO_PLAYERS[key], adminEmails: [] })).user;
  }
  const admin = (await signIn(deps, { googleSub: null, ...DEMO_ADMIN, adminEmails: [] })).user;
  await setRole(deps, DEMO_ADMIN.email, 'admin');
  await processReferral(deps, { userId: users.bob.id, referralCode: users.alice.referralCode });
  await processReferral(deps, { userId: users.erin.id, referralCode: users.carol.referralCode });
  const guild = await createGuild(deps, {
    userId: users.alice.id,
    name: summary.guild,
    description: 'Demo guild: we share our picks to stay unique.',
    password: GUILD_PASSWORD,
  });
  await joinGuild(deps, { userId: users.bob.id, guildId: guild.guild.id, password: GUILD_PASSWORD });
  await joinGuild(deps, { userId: users.carol.id, guildId: guild.guild.id, password: GUILD_PASSWORD });
  progress.tick(1, 'accounts');

  /** One entry, plus a second one when the player still may (a bonus entry). */
  const play = async (key: PlayerKey, first: number, low: number, high: number, useBonus = true): Promise<void> => {
    const userId = users[key].id;
    await submitEntry(deps, { userId, number: first });
    summary.demoEntries += 1;
    const mine = await myEntries(deps, userId);
    if (useBonus && mine.status.canSubmitMore) {
      let second = random(low, high);
      while (second === first) second = random(low, high);
      await submitEntry(deps, { userId, number: second });
      summary.demoEntries += 1;
    }
  };

  /** Uses a reward when the player has one; having none is normal in a demo. */
  const tryReward = async (use: () => Promise<unknown>): Promise<void> => {
    try {
      await use();
      summary.rewardsUsed += 1;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'NO_REWARD')) throw error;
    }
  };

  // ---- the past days, oldest first
  for (const [index, date] of pending.entries()) {
    const closesAt = closeInstantForDate(date, deps.config).getTime();
    const ago = pending.length - index;
    const weekend = dayOfWeek(date) >= 6;
    const win = WINS.find((w) => w.ago === ago && playsOn(w.player, ago, weekend));

    clock.set(new Date(closesAt - 20 * HOUR));
    await currentGame(deps);
    // Fewer players at weekends; on a demo player's winning day bots stay off 1, which is theirs.
    const bots = await createBots(deps, {
      botCount: weekend ? random(10, 16) : random(24, 36),
      bonusCount: weekend ? 2 : 5,
      minNumber: win ? 2 : 1,
      maxNumber: 100,
      strategy: options.strategy,
    });
    summary.botEntries += bots.submissionsCreated;

    let hour = 14;
    for (const key of Object.keys(DEMO_PLAYERS) as PlayerKey[]) {
      if (!playsOn(key, ago, weekend)) continue;
      clock.set(new Date(closesAt - hour * HOUR + random(0, 50) * 60_000));
      hour -= 2;
      await play(key, win?.player === key ? 1 : random(2, 30), 2, 30);
    }
    clock.set(new Date(closesAt - 2 * HOUR));
    if (ago % 4 === 2) await tryReward(() => useHowMany(deps, { userId: users.alice.id }));
    if (ago % 3 === 0) await tryReward(() => usePeak(deps, { userId: users.bob.id, number: random(2, 10) }));
    if (ago % 5 === 1) await tryReward(() => useMine(deps, { userId: users.alice.id, number: random(10, 20) }));

    clock.set(new Date(closesAt));
    summary.closedGames.push(...(await closeDueGames(deps)).closed);

    if (win) {
      const winner = users[win.player];
      const claimable = (await myWinnings(deps, winner.id)).winnings.find((w) => w.gameDate === date && w.canClaim);
      if (claimable && win.payout !== 'unclaimed') {
        clock.set(new Date(closesAt + HOUR));
        const { payoutId } = await claimPrize(deps, {
          userId: winner.id,
          gameId: claimable.gameId,
          paypalEmail: winner.email,
          preferredName: winner.displayName,
        });
        if (win.payout === 'paid') {
          clock.set(new Date(closesAt + 2 * HOUR));
          await reviewPayout(deps, {
            adminId: admin.id,
            payoutId,
            status: 'approved',
            reviewNotes: 'Approved by admin for manual processing',
          });
          clock.set(new Date(closesAt + 3 * HOUR));
          await reviewPayout(deps, {
            adminId: admin.id,
            payoutId,
            status: 'paid',
            reviewNotes: 'Payment processed manually',
            paymentReference: `DEMO-${date}`,
          });
        }
      }
      if (claimable) summary.winnings.push({ player: winner.email, gameDate: date, status: win.payout });
    }
    progress.tick(1, date);
  }

  // ---- today: back to the real time, the open game with some entries, and a prize override ahead
  clock.release();
  summary.closedGames.push(...(await closeDueGames(deps)).closed);
  await currentGame(deps);
  const weekendToday = dayOfWeek(today) >= 6;
  const botsToday = await createBots(deps, {
    botCount: weekendToday ? 12 : 20,
    bonusCount: 3,
    minNumber: 1,
    maxNumber: 100,
    strategy: options.strategy,
  });
  summary.botEntries += botsToday.submissionsCreated;
  // Bob and Carol keep any bonus entry they hold, so the play screen can offer one.
  for (const key of ['alice', 'bob', 'carol', 'dave'] as const)
    await play(key, random(2, 30), 2, 30, key === 'alice' || key === 'dave');
  const saturdayAhead = nextSaturday(nextDate(today));
  await saveDatePrize(
    deps,
    {
      date: saturdayAhead,
      prizeType: 'voucher',
      amountCents: 5000,
      description: 'Demo weekend gift card',
    },
    admin.id,
  );
  progress.tick(1, 'today');
  return summary;
};

const nextSaturday = (from: GameDate): GameDate => {
  let date = from;
  while (dayOfWeek(date) !== 6) date = nextDate(date);
  return date;
};
