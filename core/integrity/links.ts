// When two accounts are linked (DESIGN.md §18), as plain rules over what the pair shares. A link needs two points:
// a shared device (strong, 2) alone; or a pick pattern strong enough on its own (2); or two lesser signals together:
// a referral (1), a pick pattern (1), a home-sized network seen on several days (1). A shared network alone never
// links: families, offices and carrier NAT share networks.
import type { GameKey } from '../model.ts';
import type { LinkKind, Strength } from './model.ts';
import type { WindowGame } from './ports.ts';

/** Days on which both accounts were on one network before it counts. */
export const NETWORK_DAYS = 3;
/** A network seen with more accounts than this (in the retention window) is a crowd: ignored. */
export const NETWORK_CROWD = 12;
/** Games both accounts played before their picks can say anything. */
export const PATTERN_MIN_GAMES = 3;
/** Pick-pattern scores (−log10 of how likely honest picks are to look like this) for a medium and a strong link. */
export const PATTERN_MEDIUM = 5;
export const PATTERN_STRONG = 10;
/** How many recent games the pick pattern looks at. */
export const PATTERN_GAMES = 30;

export interface PairEvidence {
  sharedDevice: boolean;
  /** The distinct days on which the two were seen together on an uncrowded network. */
  networkDays: number;
  referral: boolean;
  /** The pick pattern's score, 0 when there is none. */
  picks: number;
}

export const NO_EVIDENCE: PairEvidence = { sharedDevice: false, networkDays: 0, referral: false, picks: 0 };

export interface LinkSignal {
  kind: LinkKind;
  strength: Strength;
}

const POINTS: Record<Strength, number> = { strong: 2, medium: 1, weak: 1 };
const LINK_POINTS = 2;

/** The signals that count for a pair, strongest first. */
export const pairSignals = (e: PairEvidence): LinkSignal[] => {
  const signals: LinkSignal[] = [];
  if (e.sharedDevice) signals.push({ kind: 'device', strength: 'strong' });
  if (e.picks >= PATTERN_STRONG) signals.push({ kind: 'picks', strength: 'strong' });
  else if (e.picks >= PATTERN_MEDIUM) signals.push({ kind: 'picks', strength: 'medium' });
  if (e.referral) signals.push({ kind: 'referral', strength: 'medium' });
  if (e.networkDays >= NETWORK_DAYS) signals.push({ kind: 'network', strength: 'weak' });
  return signals;
};

/** The pair's link, or null when what they share is not enough. */
export const linkOf = (e: PairEvidence): LinkSignal[] | null => {
  const signals = pairSignals(e);
  return signals.reduce((sum, s) => sum + POINTS[s.strength], 0) >= LINK_POINTS ? signals : null;
};

/** A recent game's spread of entries over the low numbers, for the pick pattern. */
export interface GameShares {
  key: GameKey;
  /** The share of the game's entries at or below `n`; null when the stored histogram does not reach `n`. */
  atOrBelow(n: number): number | null;
  /**
   * The chance that two entries drawn from those at or below `n` hold the same number (the sum of the squared shares
   * of each number); null when the stored histogram does not reach `n`.
   */
  sameNumberAtOrBelow(n: number): number | null;
  /** The highest number the histogram knows the share at. */
  reach: number;
}

export const gameShares = (game: WindowGame): GameShares => {
  const numbers = game.histogram.map((row) => row.number);
  const cumulative: number[] = [];
  const squares: number[] = [];
  let count = 0;
  let squared = 0;
  for (const row of game.histogram) {
    cumulative.push((count += row.count));
    squares.push((squared += row.count * row.count));
  }
  const complete = count === game.entriesTotal;
  const reach = numbers[numbers.length - 1] ?? 0;
  /** How many histogram rows are at or below n (binary search), or null when the histogram cannot say. */
  const rowsUpTo = (n: number): number | null => {
    if (game.entriesTotal === 0 || (n > reach && !complete)) return null;
    let lo = 0;
    let hi = numbers.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((numbers[mid] ?? 0) <= n) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    key: game.key,
    reach,
    atOrBelow(n) {
      const rows = rowsUpTo(n);
      if (rows === null) return null;
      return rows === 0 ? 0 : (cumulative[rows - 1] ?? 0) / game.entriesTotal;
    },
    sameNumberAtOrBelow(n) {
      const rows = rowsUpTo(n);
      if (rows === null) return null;
      const below = rows === 0 ? 0 : (cumulative[rows - 1] ?? 0);
      return below === 0 ? 1 : (squares[rows - 1] ?? 0) / (below * below);
    },
  };
};

/** One account's numbers per game. */
export type Picks = ReadonlyMap<GameKey, readonly number[]>;

/**
 * How unlikely it is that honest picks look like the pair's: in every game both played (at least three), their
 * numbers never collide and all stay at or below M, the highest of them. Honest picks fall at or below M with the
 * share F(M) each game's histogram shows, so the score is −log10 of the product of F(M) over every pick. A carpet
 * of low numbers kept game after game scores high; any high pick or a collision ends it.
 */
export const pickPatternScore = (a: Picks, b: Picks, games: ReadonlyMap<GameKey, GameShares>): number => {
  const shared: { game: GameShares; picks: number }[] = [];
  let highest = 0;
  for (const [key, mine] of a) {
    const theirs = b.get(key);
    const game = games.get(key);
    if (!theirs || theirs.length === 0 || mine.length === 0 || !game) continue;
    if (mine.some((n) => theirs.includes(n))) return 0;
    highest = Math.max(highest, ...mine, ...theirs);
    shared.push({ game, picks: mine.length + theirs.length });
  }
  if (shared.length < PATTERN_MIN_GAMES) return 0;
  return patternScoreAt(shared, highest);
};

const patternScoreAt = (shared: readonly { game: GameShares; picks: number }[], highest: number): number => {
  let score = 0;
  for (const { game, picks } of shared) {
    const share = game.atOrBelow(highest);
    if (share === null || share <= 0) return 0;
    score -= picks * Math.log10(share);
  }
  return score;
};

/**
 * The highest number another account's picks may reach and still give `mine` a medium pattern link: the bound the
 * close's candidate search reads entries up to. 0 when no partner could (too few games, or a high pick).
 */
export const patternBound = (mine: Picks, games: ReadonlyMap<GameKey, GameShares>): number => {
  const played = [...mine].filter(([key, numbers]) => numbers.length > 0 && games.has(key));
  if (played.length < PATTERN_MIN_GAMES) return 0;
  const own = Math.max(...played.flatMap(([, numbers]) => numbers));
  // The best a partner can add is one pick per game at or below the bound.
  const reach = (bound: number): number =>
    patternScoreAt(
      played.map(([key, numbers]) => ({ game: games.get(key) as GameShares, picks: numbers.length + 1 })),
      bound,
    );
  if (reach(own) < PATTERN_MEDIUM) return 0;
  let lo = own;
  let hi = Math.max(own, ...played.map(([key]) => games.get(key)?.reach ?? own));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (reach(mid) >= PATTERN_MEDIUM) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};
