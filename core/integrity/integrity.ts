// Integrity (DESIGN.md §18): the signals recorded at sign-in and at every submission, the clusters the close expands
// from the winner and the runner-up, the flags it stores, and what admins and operators read of them. Players never
// see any of it; nothing here blocks anyone: a flag holds a prize for a human decision.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { GameKey, Resolution } from '../model.ts';
import type { RepositoriesOf, StoreOf } from '../ports.ts';
import { requireDate } from '../game/current-game.ts';
import { MAX_NUMBER } from '../entries/validate-number.ts';
import type { ClientSignals, FlagRole, IntegrityEvidence, IntegrityFlag, SignalEvidence } from './model.ts';
import { signalHashes } from './signals.ts';
import { clusterSignals, expandCluster, type Cluster, type Link, type Neighbours } from './clusters.ts';
import {
  gameShares,
  linkOf,
  NETWORK_CROWD,
  NO_EVIDENCE,
  PATTERN_GAMES,
  PATTERN_MIN_GAMES,
  patternBound,
  pickPatternScore,
  type GameShares,
  type PairEvidence,
  type Picks,
} from './links.ts';
import { findGroup } from './groups.ts';
import type { PickRow } from './ports.ts';

/** Signals are kept this long, and links only look this far back. */
export const RETENTION_DAYS = 90;
/** A winning is flagged when its cluster has at least this many accounts in the game. */
export const FLAG_ACCOUNTS = 3;
const KEY_NAME = 'integrity';
const KEY_BYTES = 32;
/** Ids per statement: well under both databases' limits on bound parameters. */
const BATCH = 1000;
/** How many of the anchor game's lowest entries the pick pattern weighs as candidates. */
const PATTERN_CANDIDATES = 2000;
/** The pick pattern's group link: as strong as a shared device. */
const GROUP_SIGNALS = [{ kind: 'picks', strength: 'strong' }] as const;

/** The day a signal is recorded for (UTC). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
const daysBefore = (at: Date, days: number): string => dayOf(new Date(at.getTime() - days * 86_400_000));
/** The first day whose signals are kept. */
export const retentionStart = (now: Date): string => daysBefore(now, RETENTION_DAYS);

const keys = new WeakMap<StoreOf<'signingKeys'>, Promise<string>>();

/** INTEGRITY_KEY, else the key the database keeps (made once, by whichever instance asks first). */
export const integrityKey = (
  deps: Pick<Deps<'signingKeys'>, 'store' | 'config' | 'random' | 'clock'>,
): Promise<string> => {
  const configured = deps.config.integrityKey;
  if (configured) return Promise.resolve(configured);
  let key = keys.get(deps.store);
  if (!key) {
    key = deps.store.write((repos) =>
      repos.signingKeys.ensure(KEY_NAME, deps.random.tokenHex(KEY_BYTES), deps.clock.now().toISOString()),
    );
    key.catch(() => keys.delete(deps.store));
    keys.set(deps.store, key);
  }
  return key;
};

/** Records a request's signals for `userId`, inside the caller's unit. */
export const recordSignals = async (
  repos: RepositoriesOf<'integrity'>,
  deps: Pick<Deps, 'digest'>,
  key: string,
  userId: string,
  client: ClientSignals | undefined,
  now: Date,
): Promise<void> => {
  if (!client) return;
  const hashes = signalHashes(deps.digest, key, client);
  if (hashes.length > 0) await repos.integrity.record(userId, hashes, dayOf(now));
};

const byUser = (
  rows: readonly { userId: string; gameKey: GameKey; number: number }[],
): Map<string, Map<GameKey, number[]>> => {
  const picks = new Map<string, Map<GameKey, number[]>>();
  for (const row of rows) {
    const mine = picks.get(row.userId) ?? new Map<GameKey, number[]>();
    mine.set(row.gameKey, [...(mine.get(row.gameKey) ?? []), row.number]);
    picks.set(row.userId, mine);
  }
  return picks;
};

const inBatches = async <T>(ids: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> => {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += BATCH) rows.push(...(await read(ids.slice(i, i + BATCH))));
  return rows;
};

/**
 * What cluster expansion reads: the game it is about (where the pick pattern looks for candidates), the recent
 * closed games (where it weighs them) and how far back signals count.
 */
interface Window {
  anchor: GameKey | null;
  games: Map<GameKey, GameShares>;
  sinceDay: string;
  /** The pick pattern's candidates, read once per window. */
  candidates(): Promise<Candidates>;
}

/** The holders of the anchor game's lowest entries and their picks in the window's games. */
interface Candidates {
  lowest: PickRow[];
  picks: Map<string, Picks>;
}

/** The window up to `gameKey` (no games before any has closed). */
const windowAt = async (repos: RepositoriesOf<'integrity'>, gameKey: GameKey | null, now: Date): Promise<Window> => {
  const recent = gameKey === null ? [] : await repos.integrity.windowGames(gameKey, PATTERN_GAMES);
  const games = new Map(recent.map((g) => [g.key, gameShares(g)]));
  let read: Promise<Candidates> | null = null;
  const candidates = (): Promise<Candidates> => {
    read ??= (async () => {
      if (gameKey === null || games.size === 0) return { lowest: [], picks: new Map() };
      const lowest = await repos.integrity.lowPicks(gameKey, MAX_NUMBER, PATTERN_CANDIDATES);
      const ids = [...new Set(lowest.map((row) => row.userId))];
      return {
        lowest,
        picks: byUser(await inBatches(ids, (batch) => repos.integrity.picks(batch, [...games.keys()]))),
      };
    })();
    return read;
  };
  return { anchor: gameKey, games, sinceDay: retentionStart(now), candidates };
};

/** The links from a ring of accounts to accounts not yet known, read set-based from the store. */
const storeNeighbours =
  (repos: RepositoriesOf<'integrity'>, window: Window) =>
  async (ring: readonly string[], known: ReadonlySet<string>): Promise<Link[]> => {
    const evidence = new Map<string, Map<string, PairEvidence>>();
    const pair = (a: string, b: string): PairEvidence => {
      const mine = evidence.get(a) ?? new Map<string, PairEvidence>();
      evidence.set(a, mine);
      const found = mine.get(b) ?? { ...NO_EVIDENCE };
      mine.set(b, found);
      return found;
    };
    for (const row of await inBatches(ring, (ids) => repos.integrity.shared(ids, window.sinceDay, NETWORK_CROWD))) {
      if (known.has(row.otherId)) continue;
      const e = pair(row.userId, row.otherId);
      if (row.kind === 'device') e.sharedDevice = true;
      else e.networkDays = Math.max(e.networkDays, row.days);
    }
    const inRing = new Set(ring);
    for (const r of await inBatches(ring, (ids) => repos.integrity.referrals(ids))) {
      if (inRing.has(r.referrerId) && !known.has(r.referredId)) pair(r.referrerId, r.referredId).referral = true;
      if (inRing.has(r.referredId) && !known.has(r.referrerId)) pair(r.referredId, r.referrerId).referral = true;
    }
    await addPickPatterns(repos, window, ring, known, pair);

    const links: Link[] = [];
    for (const [a, others] of evidence) {
      for (const [b, e] of others) {
        const signals = linkOf(e);
        if (signals) links.push({ a, b, signals });
      }
    }
    return links;
  };

/**
 * Scores the pick pattern of each ring account against the accounts holding the anchor game's lowest entries up to
 * the bound a medium link allows. The candidates are capped (the lowest PATTERN_CANDIDATES entries), so the search
 * costs the same on a game of a thousand entries and of a million; on a huge game it sees the lowest numbers only.
 */
const addPickPatterns = async (
  repos: RepositoriesOf<'integrity'>,
  window: Window,
  ring: readonly string[],
  known: ReadonlySet<string>,
  pair: (a: string, b: string) => PairEvidence,
): Promise<void> => {
  const gameKeys = [...window.games.keys()];
  if (gameKeys.length === 0 || window.anchor === null) return;
  const ringPicks = byUser(await inBatches(ring, (ids) => repos.integrity.picks(ids, gameKeys)));
  const searching: [string, Picks][] = [];
  let bound = 0;
  for (const [userId, picks] of ringPicks) {
    const own = patternBound(picks, window.games);
    if (own === 0) continue;
    searching.push([userId, picks]);
    bound = Math.max(bound, own);
  }
  if (bound === 0) return;
  const { lowest, picks } = await window.candidates();
  const candidates = new Set(
    lowest.filter((row) => row.number <= bound && !known.has(row.userId)).map((row) => row.userId),
  );
  for (const [userId, mine] of searching) {
    for (const other of candidates) {
      const theirs = picks.get(other);
      if (!theirs) continue;
      const score = pickPatternScore(mine, theirs, window.games);
      if (score > 0) pair(userId, other).picks = score;
    }
  }
};

/** The accounts the pick pattern of a group links `userId` to (core/integrity/groups.ts), among the window's candidates. */
const groupOf = async (repos: RepositoriesOf<'integrity'>, window: Window, userId: string): Promise<string[]> => {
  if (window.games.size < PATTERN_MIN_GAMES) return [];
  const { picks } = await window.candidates();
  const mine = picks.get(userId) ?? byUser(await repos.integrity.picks([userId], [...window.games.keys()])).get(userId);
  if (!mine) return [];
  return findGroup(userId, mine, picks, window.games)?.filter((id) => id !== userId) ?? [];
};

/** The store's links, with the seed's group links added to its own ring. */
const withGroup =
  (neighbours: Neighbours, seed: string, group: readonly string[]): Neighbours =>
  async (ring, known) => {
    const links = await neighbours(ring, known);
    if (!ring.includes(seed)) return links;
    return [
      ...links,
      ...group.filter((id) => !known.has(id)).map((id) => ({ a: seed, b: id, signals: [...GROUP_SIGNALS] })),
    ];
  };

/** The cluster `userId` belongs to, as the store's signals link it now. */
const clusterFrom = async (repos: RepositoriesOf<'integrity'>, window: Window, userId: string): Promise<Cluster> =>
  expandCluster(userId, withGroup(storeNeighbours(repos, window), userId, await groupOf(repos, window, userId)));

/** The evidence of a cluster in one game: how many of its accounts played it and the numbers they held. */
const evidenceIn = async (
  repos: RepositoriesOf<'integrity'>,
  gameKey: GameKey,
  cluster: Cluster,
): Promise<IntegrityEvidence> => {
  const picks = await inBatches(cluster.memberIds, (ids) => repos.integrity.picks(ids, [gameKey]));
  return {
    flagged: true,
    clusterSize: cluster.memberIds.length,
    accountsInGame: new Set(picks.map((p) => p.userId)).size,
    numbersHeld: picks.map((p) => p.number).sort((a, b) => a - b),
    signals: clusterSignals(cluster),
  };
};

/**
 * At the close, after resolution and inside its unit: flags the winner's and the runner-up's winnings when their
 * cluster has FLAG_ACCOUNTS or more accounts in the game, and stores the flag with the game.
 */
export const flagWinners = async (
  repos: RepositoriesOf<'integrity'>,
  gameKey: GameKey,
  resolution: Pick<Resolution, 'winner' | 'runnerUp'>,
  now: Date,
): Promise<IntegrityFlag[]> => {
  const roles: [FlagRole, string | null | undefined][] = [
    ['winner', resolution.winner?.userId],
    ['runnerUp', resolution.runnerUp?.userId],
  ];
  if (roles.every(([, id]) => !id)) return [];
  const window = await windowAt(repos, gameKey, now);
  const flags: IntegrityFlag[] = [];
  let previous: Cluster | null = null;
  for (const [role, userId] of roles) {
    if (!userId) continue;
    const cluster: Cluster = previous?.memberIds.includes(userId) ? previous : await clusterFrom(repos, window, userId);
    previous = cluster;
    const evidence = await evidenceIn(repos, gameKey, cluster);
    if (evidence.accountsInGame < FLAG_ACCOUNTS) continue;
    const flag: IntegrityFlag = {
      gameKey,
      role,
      userId,
      evidence,
      memberIds: cluster.memberIds,
      createdAt: now.toISOString(),
    };
    await repos.integrity.saveFlag(flag);
    flags.push(flag);
  }
  return flags;
};

/** Whether two accounts fall in one cluster, the pick pattern read over the games up to `gameKey` (a referral between them then grants nothing). */
export const sameCluster = async (
  repos: RepositoriesOf<'integrity'>,
  gameKey: GameKey | null,
  a: string,
  b: string,
  now: Date,
): Promise<boolean> => {
  const cluster = await clusterFrom(repos, await windowAt(repos, gameKey, now), a);
  return cluster.memberIds.includes(b);
};

/**
 * Of `userIds` (entries of `gameKey`), those whose cluster has FLAG_ACCOUNTS or more accounts in that game. The window
 * is read once; each player's cluster is then a read of its own, because a group search takes tens of milliseconds
 * and a read holds SQLite's thread (the server's) to its end: a page of players in one read would stall every other
 * request for seconds on a big day.
 */
export const clusteredAmong = async (
  deps: Pick<Deps<'integrity'>, 'store'>,
  gameKey: GameKey,
  userIds: readonly string[],
  now: Date,
): Promise<Set<string>> => {
  const window = await deps.store.read(async (repos) => {
    const read = await windowAt(repos, gameKey, now);
    // The candidates are read here, in this unit: every later call of candidates() answers this read.
    await read.candidates();
    return read;
  });
  const seen = new Set<string>();
  const clustered = new Set<string>();
  for (const userId of userIds) {
    if (seen.has(userId)) continue;
    const { cluster, accountsInGame } = await deps.store.read(async (repos) => {
      const found = await clusterFrom(repos, window, userId);
      return {
        cluster: found,
        accountsInGame:
          found.memberIds.length < FLAG_ACCOUNTS ? 0 : (await evidenceIn(repos, gameKey, found)).accountsInGame,
      };
    });
    for (const id of cluster.memberIds) seen.add(id);
    if (accountsInGame >= FLAG_ACCOUNTS) for (const id of cluster.memberIds) clustered.add(id);
  }
  return clustered;
};

/** The flags stored with a game at its close. */
export const gameIntegrity = (deps: Pick<Deps<'integrity'>, 'store'>, gameKey: GameKey): Promise<IntegrityFlag[]> =>
  deps.store.read((repos) => repos.integrity.flags(gameKey));

export interface ClusterReport {
  memberIds: string[];
  displayNames: string[];
  accountsInGame: number;
  numbersHeld: number[];
  signals: SignalEvidence[];
  flaggedAs: FlagRole[];
}

export interface IntegrityReport {
  gameKey: GameKey;
  status: 'open' | 'closed';
  flags: IntegrityFlag[];
  clusters: ClusterReport[];
}

/** How many of the game's lowest picks the report expands clusters from: the numbers that could have won. */
const REPORT_SEEDS = 200;

/**
 * `lowest integrity DATE`: the clusters of the date's latest game with two or more accounts in it, expanded from the
 * holders of its lowest picks and its flagged accounts, largest first.
 */
export const integrityReport = async (
  deps: Deps<'users' | 'games' | 'integrity'>,
  date: string,
): Promise<IntegrityReport> => {
  const day = requireDate(date);
  const now = deps.clock.now();
  return deps.store.read(async (repos) => {
    const game = await repos.games.latestForDate(day);
    if (!game) return fail('NOT_FOUND', `No game for ${day}.`);
    const flags = await repos.integrity.flags(game.key);
    const window = await windowAt(repos, game.key, now);
    const lowest = await repos.integrity.lowPicks(game.key, MAX_NUMBER, REPORT_SEEDS);
    const seeds = [...new Set([...flags.map((f) => f.userId), ...lowest.map((p) => p.userId)])];
    const seen = new Set<string>();
    const clusters: ClusterReport[] = [];
    for (const seed of seeds) {
      if (seen.has(seed)) continue;
      const cluster = await clusterFrom(repos, window, seed);
      for (const id of cluster.memberIds) seen.add(id);
      if (cluster.memberIds.length < 2) continue;
      const evidence = await evidenceIn(repos, game.key, cluster);
      if (evidence.accountsInGame < 2) continue;
      const names = await Promise.all(
        cluster.memberIds.map(async (id) => (await repos.users.byId(id))?.displayName ?? '(deleted)'),
      );
      clusters.push({
        memberIds: cluster.memberIds,
        displayNames: names,
        accountsInGame: evidence.accountsInGame,
        numbersHeld: evidence.numbersHeld,
        signals: evidence.signals,
        flaggedAs: flags.filter((f) => cluster.memberIds.includes(f.userId)).map((f) => f.role),
      });
    }
    clusters.sort((a, b) => b.accountsInGame - a.accountsInGame || b.memberIds.length - a.memberIds.length);
    return { gameKey: game.key, status: game.status === 'closed' ? 'closed' : 'open', flags, clusters };
  });
};
