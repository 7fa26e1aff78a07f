// The player's outcome in a closed game, computed from the stored close data: the snapshot
// (winning and second numbers, mined numbers), the counts of the player's own numbers and the winning.
import type { Deps } from '../deps.ts';
import type { Entry, EntryType, GameDate, GameKey, PrizeType, Snapshot } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { entryOutcome, outcomeRank, type EntryOutcome } from './entry-outcome.ts';
import { canClaim } from '../payouts/winnings.ts';

export interface EntryOutcomeView {
  number: number;
  entryType: EntryType;
  outcome: EntryOutcome;
  rank: number | null;
}

export interface MyResult {
  gameDate: GameDate | GameKey;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  entries: EntryOutcomeView[];
  winning: { canClaim: boolean; amountCents: number; prizeType: PrizeType; currency: string } | null;
}

/**
 * The outcomes of the player's entries (in their order) in a closed game with this snapshot: one read
 * of the close's stored tallies for the player's numbers; for a game without them (closed before
 * migration 0006) the counts and ranks come from the entries.
 */
export const entryOutcomesIn = async (
  repos: RepositoriesOf<'entries' | 'tallies'>,
  gameKey: GameKey,
  snapshot: Snapshot,
  entries: readonly Entry[],
): Promise<EntryOutcomeView[]> => {
  if (entries.length === 0) return [];
  const numbers = entries.map((e) => e.number);
  const stored = await repos.tallies.storedTallies(gameKey, numbers);
  if (stored) {
    return entries.map((e) => {
      const tally = stored.get(e.number);
      const outcome = entryOutcome(e.number, tally?.count ?? 0, snapshot);
      return {
        number: e.number,
        entryType: e.entryType,
        outcome,
        rank: outcomeRank(outcome, (tally?.uniqueRank ?? 1) - 1),
      };
    });
  }
  const counts = await repos.entries.pickCounts(gameKey, numbers);
  const views: EntryOutcomeView[] = [];
  for (const e of entries) {
    const outcome = entryOutcome(e.number, counts.get(e.number) ?? 0, snapshot);
    // Only a plain unique number needs counting; the winner and runner-up ranks are known.
    const below =
      outcome === 'unique' ? await repos.entries.uniqueNumbersBelow(gameKey, e.number, snapshot.minedNumbers) : 0;
    views.push({ number: e.number, entryType: e.entryType, outcome, rank: outcomeRank(outcome, below) });
  }
  return views;
};

const resultIn = async (
  repos: RepositoriesOf<'games' | 'entries' | 'winnings' | 'tallies'>,
  gameKey: GameKey,
  userId: string,
): Promise<MyResult | null> => {
  const stats = await repos.games.stats(gameKey);
  if (!stats) return null;
  const { snapshot } = stats;
  const entries = await repos.entries.forPlayer(gameKey, userId);
  const won = (await repos.winnings.forUser(userId)).find((w) => w.winning.gameKey === gameKey);
  return {
    gameDate: gameKey,
    winningNumber: snapshot.winningNumber,
    secondPlaceNumber: snapshot.secondPlaceNumber,
    entries: await entryOutcomesIn(repos, gameKey, snapshot, entries),
    winning: won
      ? {
          canClaim: canClaim(won.winning, won.payout),
          amountCents: won.winning.prize.amountCents,
          prizeType: won.winning.prize.prizeType,
          currency: won.winning.prize.currency,
        }
      : null,
  };
};

/** GET /api/results/me/latest: the player's latest closed game with entries, or null when there is none. */
export const myLatestResult = async (
  deps: Deps<'games' | 'entries' | 'winnings' | 'tallies'>,
  userId: string,
): Promise<{ result: MyResult | null }> =>
  deps.store.read(async (repos) => {
    const gameKey = await repos.entries.latestClosedGameOf(userId);
    return { result: gameKey ? await resultIn(repos, gameKey, userId) : null };
  });
