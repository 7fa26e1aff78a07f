// The player's outcome in a closed game, computed from the stored close data: the snapshot
// (winning and second numbers, mined numbers), the counts of the player's own numbers and the winning.
import type { Deps } from '../deps.ts';
import type { Entry, EntryType, GameDate, GameKey, PrizeType, Snapshot } from '../model.ts';
import type { NumberTally } from '../game/ports.ts';
import type { RepositoriesOf } from '../ports.ts';
import type { TalliedEntry } from './ports.ts';
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

type Picked = Pick<Entry, 'number' | 'entryType'>;

/** The outcomes of entries whose numbers all have the close's stored tally. */
const outcomesFromTallies = (
  snapshot: Snapshot,
  entries: readonly (Picked & { tally: NumberTally })[],
): EntryOutcomeView[] =>
  entries.map(({ number, entryType, tally }) => {
    const outcome = entryOutcome(number, tally.count, snapshot);
    return { number, entryType, outcome, rank: outcomeRank(outcome, (tally.uniqueRank ?? 1) - 1) };
  });

/** The outcomes counted from the game's entries: a game closed before the close stored its tallies (migration 0006). */
const outcomesFromEntries = async (
  repos: RepositoriesOf<'entries'>,
  gameKey: GameKey,
  snapshot: Snapshot,
  entries: readonly Picked[],
): Promise<EntryOutcomeView[]> => {
  const counts = await repos.entries.pickCounts(
    gameKey,
    entries.map((e) => e.number),
  );
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

/**
 * The outcomes of the player's entries (in their order) in a closed game with this snapshot: one read
 * of the close's stored tallies for the player's numbers; for a game without them (closed before
 * migration 0006) the counts and ranks come from the entries.
 */
export const entryOutcomesIn = async (
  repos: RepositoriesOf<'entries' | 'tallies'>,
  gameKey: GameKey,
  snapshot: Snapshot,
  entries: readonly Picked[],
): Promise<EntryOutcomeView[]> => {
  if (entries.length === 0) return [];
  const stored = await repos.tallies.storedTallies(
    gameKey,
    entries.map((e) => e.number),
  );
  if (!stored) return outcomesFromEntries(repos, gameKey, snapshot, entries);
  // storedTallies answers every number it was asked or null.
  return outcomesFromTallies(
    snapshot,
    entries.map((e) => ({ ...e, tally: stored.get(e.number) ?? { count: 0, uniqueRank: null } })),
  );
};

/** Whether every entry has its number's stored tally: a player's own number is counted by every close that counts. */
const everyTallied = (entries: readonly TalliedEntry[]): entries is (TalliedEntry & { tally: NumberTally })[] =>
  entries.every((e) => e.tally !== null);

/**
 * GET /api/results/me/latest: the player's latest closed game with entries, or null when there is none. One read of
 * the player's rows; the game's entries are counted only for a game closed before the close stored its tallies.
 */
export const myLatestResult = async (
  deps: Deps<'results' | 'entries'>,
  userId: string,
): Promise<{ result: MyResult | null }> =>
  deps.store.read(async (repos) => {
    const game = await repos.results.latestClosedGameOf(userId);
    if (!game) return { result: null };
    const { gameKey, snapshot, entries, winning } = game;
    return {
      result: {
        gameDate: gameKey,
        winningNumber: snapshot.winningNumber,
        secondPlaceNumber: snapshot.secondPlaceNumber,
        entries: everyTallied(entries)
          ? outcomesFromTallies(snapshot, entries)
          : await outcomesFromEntries(repos, gameKey, snapshot, entries),
        winning: winning
          ? {
              canClaim: canClaim(winning, winning.payout),
              amountCents: winning.prize.amountCents,
              prizeType: winning.prize.prizeType,
              currency: winning.prize.currency,
            }
          : null,
      },
    };
  });
