// Seeds the e2e database before the server starts: SEEDED.days past games, each closed at its own deadline
// through the same use cases as the server (the CLI's runtime with its settable clock). Sam wins every day
// with 2 and claims yesterday's prize; Rita plays a unique 3 every day, which earns her Peak items, How Many
// (3 days in a row) and Mine (7 days in a row). Run: DATABASE_URL=sqlite:… node --import tsx seed-history.ts
import { openRuntime } from '../../../cli/runtime.ts';
import { closeInstantAfter, closeInstantForDate, gameDateOf, previousDate } from '../../../core/game/calendar.ts';
import { closeDueGames } from '../../../core/game/close.ts';
import { currentGame } from '../../../core/game/current-game.ts';
import { signIn } from '../../../core/accounts/sign-in.ts';
import { submitEntry } from '../../../core/entries/submit-entry.ts';
import { claimPrize, myWinnings } from '../../../core/payouts/winnings.ts';
import { people, SEEDED } from './constants.ts';

const HOUR = 3_600_000;

const runtime = await openRuntime(process.env);
try {
  const { deps, clock } = runtime;
  const today = gameDateOf(closeInstantAfter(clock.now(), deps.config), deps.config);
  const days: string[] = [];
  for (let date = previousDate(today); days.length < SEEDED.days; date = previousDate(date)) days.unshift(date);

  clock.set(new Date(closeInstantForDate(days[0] ?? today, deps.config).getTime() - 23 * HOUR));
  const sam = (await signIn(deps, { googleSub: null, ...people.sam, adminEmails: [] })).user;
  const rita = (await signIn(deps, { googleSub: null, ...people.rita, adminEmails: [] })).user;

  for (const date of days) {
    const closesAt = closeInstantForDate(date, deps.config).getTime();
    clock.set(new Date(closesAt - 20 * HOUR));
    await currentGame(deps);
    await submitEntry(deps, { userId: sam.id, number: SEEDED.winningNumber });
    clock.set(new Date(closesAt - 19 * HOUR));
    await submitEntry(deps, { userId: rita.id, number: SEEDED.ritaNumber });
    clock.set(new Date(closesAt));
    await closeDueGames(deps);
  }

  const yesterday = days.at(-1);
  const claimable = (await myWinnings(deps, sam.id)).winnings.find((w) => w.gameDate === yesterday && w.canClaim);
  if (!claimable) throw new Error(`Sam has no claimable winning for ${String(yesterday)}`);
  clock.set(new Date(closeInstantForDate(claimable.gameDate, deps.config).getTime() + HOUR));
  await claimPrize(deps, {
    userId: sam.id,
    gameId: claimable.gameId,
    paypalEmail: people.sam.email,
    preferredName: people.sam.displayName,
  });
  clock.release();
  console.log(`Seeded ${days.length} closed games (${days[0] ?? ''} … ${yesterday ?? ''}) before ${today}.`);
} finally {
  await runtime.close();
}
