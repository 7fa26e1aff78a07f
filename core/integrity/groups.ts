// The pick pattern of a group (DESIGN.md §18: accounts whose picks in the same games never collide and tile a range
// of low numbers, game after game). Two accounts of a large carpet look like any two low pickers, so the pair rule
// (links.ts) cannot see them; the group can: a hundred accounts that never collide where honest players would
// collide dozens of times a game. The close searches for such a group around the winner and links the accounts whose
// own picks carry it.
import type { GameKey } from '../model.ts';
import { PATTERN_MEDIUM, PATTERN_MIN_GAMES, PATTERN_STRONG, type GameShares, type Picks } from './links.ts';

/** A search stops after this many accounts added without a better group. */
const PATIENCE = 50;

/** One account's picks, by the window's game index. */
type Row = (readonly number[] | undefined)[];

interface Account {
  id: string;
  row: Row;
  /** The highest of its picks. */
  highest: number;
}

/** What a group holds per game: its picks, the pairs of them that belong to one account, and how many accounts played. */
interface Tally {
  picks: number[];
  ownPairs: number[];
  accounts: number[];
  highest: number;
}

const emptyTally = (games: number): Tally => ({
  picks: new Array<number>(games).fill(0),
  ownPairs: new Array<number>(games).fill(0),
  accounts: new Array<number>(games).fill(0),
  highest: 0,
});

const pairs = (k: number): number => (k * (k - 1)) / 2;

/** Adds (sign 1) or removes (sign −1) an account's picks. `highest` is left to the caller when removing. */
const apply = (tally: Tally, row: Row, sign: 1 | -1): void => {
  row.forEach((numbers, i) => {
    if (!numbers || numbers.length === 0) return;
    tally.picks[i] = (tally.picks[i] ?? 0) + sign * numbers.length;
    tally.ownPairs[i] = (tally.ownPairs[i] ?? 0) + sign * pairs(numbers.length);
    tally.accounts[i] = (tally.accounts[i] ?? 0) + sign;
    if (sign === 1) tally.highest = Math.max(tally.highest, ...numbers);
  });
};

/**
 * −log10 of how likely honest picks are to look like the group's, over the games two or more of its accounts played
 * (at least PATTERN_MIN_GAMES): every pick at or below M, the highest of them (each game's histogram gives the share
 * F(M)), and no two accounts on one number (about exp(−pairs × S(M)), S(M) the chance that two entries at or below M
 * share a number). 0 when the histograms cannot say.
 */
const tallyScore = (tally: Tally, games: readonly GameShares[]): number =>
  scoreWith(tally, null, games, sharesAt(games, tally.highest));

/** Each game's −log10 F(M) and S(M) at one M, or null for a game whose histogram cannot say. */
type SharesAt = ({ logShare: number; same: number } | null)[];

const sharesAt = (games: readonly GameShares[], highest: number): SharesAt =>
  games.map((game) => {
    const share = game.atOrBelow(highest);
    const same = game.sameNumberAtOrBelow(highest);
    return share === null || same === null || share <= 0 ? null : { logShare: -Math.log10(share), same };
  });

/** The tally's score with `extra`'s picks added (none when null), from the shares at the resulting M. */
const scoreWith = (tally: Tally, extra: Row | null, games: readonly GameShares[], at: SharesAt): number => {
  let score = 0;
  let played = 0;
  for (let i = 0; i < games.length; i += 1) {
    const added = extra?.[i]?.length ?? 0;
    if ((tally.accounts[i] ?? 0) + (added > 0 ? 1 : 0) < 2) continue;
    const game = at[i];
    if (!game) return 0;
    const k = (tally.picks[i] ?? 0) + added;
    score += k * game.logShare + ((pairs(k) - (tally.ownPairs[i] ?? 0) - pairs(added)) * game.same) / Math.LN10;
    played += 1;
  }
  return played >= PATTERN_MIN_GAMES ? score : 0;
};

/**
 * log10 of the number of groups of `size` accounts, the seed among them, that a search over `pool` accounts could
 * pick: what a group's score is corrected by for having been searched for.
 */
const correction = (size: number, pool: number): number => {
  let sum = 0;
  for (let i = 0; i < size - 1; i += 1) sum += Math.log10((pool - 1 - i) / (i + 1));
  return sum;
};

/** Per game, the numbers the rows hold. */
const usedBy = (games: number, rows: readonly Row[]): Set<number>[] => {
  const used = Array.from({ length: games }, () => new Set<number>());
  for (const row of rows) row.forEach((numbers, i) => numbers?.forEach((n) => used[i]?.add(n)));
  return used;
};

const collides = (row: Row, used: readonly Set<number>[]): boolean =>
  row.some((numbers, i) => numbers?.some((n) => used[i]?.has(n)) ?? false);

/** The group's score with `rows` in it. */
export const groupScore = (rows: readonly Picks[], games: ReadonlyMap<GameKey, GameShares>): number => {
  const keys = [...games.keys()];
  const shares = keys.map((key) => games.get(key) as GameShares);
  const used = keys.map(() => new Set<number>());
  const tally = emptyTally(keys.length);
  for (const picks of rows) {
    const row = keys.map((key) => picks.get(key));
    if (collides(row, used)) return 0;
    row.forEach((numbers, i) => numbers?.forEach((n) => used[i]?.add(n)));
    apply(tally, row, 1);
  }
  return tallyScore(tally, shares);
};

/**
 * What each account of a collision-free group adds to its score: the score with it less the score without it, or 0
 * when it shared fewer than PATTERN_MIN_GAMES games with the others.
 */
const ownShares = (accounts: readonly Account[], games: readonly GameShares[]): number[] => {
  const tally = emptyTally(games.length);
  for (const { row } of accounts) apply(tally, row, 1);
  const full = tallyScore(tally, games);
  return accounts.map(({ row }, x) => {
    const together = row.filter((numbers, i) => numbers && numbers.length > 0 && (tally.accounts[i] ?? 0) >= 2).length;
    if (together < PATTERN_MIN_GAMES) return 0;
    const without: Tally = {
      picks: [...tally.picks],
      ownPairs: [...tally.ownPairs],
      accounts: [...tally.accounts],
      highest: 0,
    };
    apply(without, row, -1);
    without.highest = Math.max(0, ...accounts.filter((_, y) => y !== x).map((a) => a.highest));
    return full - tallyScore(without, games);
  });
};

/** A group grown greedily and the size of its best prefix. */
interface Grown {
  members: Account[];
  best: { score: number; size: number };
}

/**
 * Grows `start` greedily: each step adds the candidate that never collides with the group and raises its score most,
 * and the best corrected score seen is kept, until PATIENCE steps bring nothing better.
 */
const grow = (
  start: readonly Account[],
  candidates: readonly Account[],
  shares: readonly GameShares[],
  pool: number,
): Grown => {
  const known = new Map<number, SharesAt>();
  const at = (highest: number): SharesAt => {
    let found = known.get(highest);
    if (!found) known.set(highest, (found = sharesAt(shares, highest)));
    return found;
  };
  const used = shares.map(() => new Set<number>());
  const tally = emptyTally(shares.length);
  const take = (row: Row): void => {
    row.forEach((numbers, i) => numbers?.forEach((n) => used[i]?.add(n)));
    apply(tally, row, 1);
  };
  for (const m of start) take(m.row);
  const members = [...start];
  const inGroup = new Set(start.map((m) => m.id));
  let open = candidates.filter((c) => !inGroup.has(c.id));
  let best = { score: tallyScore(tally, shares) - correction(members.length, pool), size: members.length };
  while (open.length > 0 && members.length - best.size < PATIENCE) {
    open = open.filter((c) => !collides(c.row, used));
    let chosen: Account | null = null;
    let chosenScore = -Infinity;
    for (const c of open) {
      const score = scoreWith(tally, c.row, shares, at(Math.max(tally.highest, c.highest)));
      if (chosen === null || score > chosenScore) {
        chosen = c;
        chosenScore = score;
      }
    }
    if (chosen === null) break;
    take(chosen.row);
    members.push(chosen);
    open = open.filter((c) => c !== chosen);
    const corrected = chosenScore - correction(members.length, pool);
    if (corrected > best.score) best = { score: corrected, size: members.length };
  }
  return { members, best };
};

/**
 * The accounts whose pick pattern links `seedId` (the seed among them, sorted), or null: the group grown greedily from the seed, scoring
 * at least a strong link after its correction, less the accounts whose own picks add less than a medium link (an
 * honest player who happens to fit into a carpet's gaps rides on the others' evidence, not their own). A group grown
 * from the seed is chosen to avoid the seed's numbers, so the seed must also beat the accounts it crowds out: when the
 * candidates that collide with the seed alone would make a better group in its place, the seed is the outsider.
 */
export const findGroup = (
  seedId: string,
  seed: Picks,
  candidates: ReadonlyMap<string, Picks>,
  games: ReadonlyMap<GameKey, GameShares>,
): string[] | null => {
  const keys = [...games.keys()];
  if (keys.length < PATTERN_MIN_GAMES) return null;
  const shares = keys.map((key) => games.get(key) as GameShares);
  const rowOf = (picks: Picks): Row => keys.map((key) => picks.get(key));
  const playedIn = (row: Row): number => row.filter((numbers) => numbers && numbers.length > 0).length;
  const accountOf = (id: string, picks: Picks): Account => {
    const row = rowOf(picks);
    return { id, row, highest: Math.max(0, ...row.flatMap((numbers) => numbers ?? [])) };
  };
  const me = accountOf(seedId, seed);
  if (playedIn(me.row) < PATTERN_MIN_GAMES) return null;
  const others = [...candidates]
    .filter(([id]) => id !== seedId)
    .map(([id, picks]) => accountOf(id, picks))
    .filter((c) => playedIn(c.row) >= PATTERN_MIN_GAMES);

  const pool = others.length + 1;
  const grown = grow([me], others, shares, pool);
  if (grown.best.score < PATTERN_STRONG) return null;
  const group = grown.members.slice(0, grown.best.size);
  const own = ownShares(group, shares);
  if ((own[0] ?? 0) < PATTERN_MEDIUM) return null;

  const rest = group.slice(1);
  const restUsed = usedBy(
    shares.length,
    rest.map((m) => m.row),
  );
  const mineUsed = usedBy(shares.length, [me.row]);
  const crowdedOut = others.filter((c) => collides(c.row, mineUsed) && !collides(c.row, restUsed));
  if (crowdedOut.length > 0 && grow(rest, crowdedOut, shares, pool).best.score > grown.best.score) return null;

  const linked = group.filter((_, i) => (own[i] ?? 0) >= PATTERN_MEDIUM).map((m) => m.id);
  return linked.length < 2 ? null : linked.sort();
};
