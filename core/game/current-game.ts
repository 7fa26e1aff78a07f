// The current game: created on demand as the regular game of the next deadline's date, locked 'share' by the
// writes that need it open, and opened again by an admin after an early close.
import type { Deps } from '../deps.ts';
import type { GameConfig } from '../config.ts';
import type { Game, GameDate, GameKey } from '../model.ts';
import type { RepositoriesOf, RepositoryName } from '../ports.ts';
import type { RowLock } from './ports.ts';
import { DomainError } from '../errors.ts';
import { NUMBER_LIMITS, type NumberLimits } from './number-limits.ts';
import {
  closeInstantAfter,
  closeInstantBefore,
  closeInstantForDate,
  gameDateOf,
  gameKeyOf,
  isGameDate,
} from './calendar.ts';

export type EffectiveStatus = 'open' | 'closed';

export interface CurrentGame {
  game: Game;
  /** 'closed' when stored closed or the deadline has passed (the close job may not have run yet). */
  effectiveStatus: EffectiveStatus;
}

export const effectiveStatusOf = (game: Game, now: Date): EffectiveStatus =>
  game.status === 'closed' || now.toISOString() >= game.closesAt ? 'closed' : 'open';

const newGame = (date: GameDate, number: number, closesAt: Date, cfg: GameConfig): Game => ({
  key: gameKeyOf(date, number),
  date,
  number,
  status: 'open',
  opensAt: closeInstantBefore(closesAt, cfg).toISOString(),
  closesAt: closesAt.toISOString(),
  closedAt: null,
});

/**
 * Creates the game, or returns the one a concurrent write created first (PostgreSQL: the insert waited
 * for it and did nothing; the write goes on, as the port's CONFLICT leaves the transaction usable).
 */
const createOrFind = async (repos: RepositoriesOf<'games'>, game: Game): Promise<Game> => {
  try {
    return await repos.games.create(game);
  } catch (error) {
    const raced = error instanceof DomainError && error.code === 'CONFLICT' ? await repos.games.byKey(game.key) : null;
    if (!raced) throw error;
    return raced;
  }
};

/**
 * The current game inside a unit of work, created as the regular game of its date when missing. With `lock`, read
 * and locked in one statement (every submission comes this way), or locked once created.
 */
export const currentGameIn = async (
  repos: RepositoriesOf<'games'>,
  now: Date,
  cfg: GameConfig,
  lock?: RowLock,
): Promise<CurrentGame> => {
  const closesAt = closeInstantAfter(now, cfg);
  const date = gameDateOf(closesAt, cfg);
  const latest = await repos.games.latestForDate(date, lock);
  if (latest) return { game: latest, effectiveStatus: effectiveStatusOf(latest, now) };
  const created = await createOrFind(repos, newGame(date, 1, closesAt, cfg));
  const game = (lock ? await repos.games.lock(created.key, lock) : null) ?? created;
  return { game, effectiveStatus: effectiveStatusOf(game, now) };
};

/** The key of the regular game of the next deadline's date: the current game, unless an admin opened an extra one. */
export const regularGameKeyAt = (now: Date, cfg: GameConfig): GameKey =>
  gameKeyOf(gameDateOf(closeInstantAfter(now, cfg), cfg), 1);

export const GAME_CLOSED_MESSAGE = 'This game has closed.';

/**
 * The current game for work that needs it open (entries, mines, account deletion), locked 'share'
 * so that a close waits for this write and this write waits for a running close; GAME_CLOSED otherwise.
 * Take it before the user's lock: every write takes game locks first, so none deadlocks another.
 */
export const openGameIn = async (repos: RepositoriesOf<'games'>, now: Date, cfg: GameConfig): Promise<Game> => {
  const { game, effectiveStatus } = await currentGameIn(repos, now, cfg, 'share');
  if (effectiveStatus === 'closed') throw new DomainError('GAME_CLOSED', GAME_CLOSED_MESSAGE);
  return game;
};

/** The date of the next deadline's game. */
export const currentDate = (now: Date, cfg: GameConfig): GameDate => gameDateOf(closeInstantAfter(now, cfg), cfg);

/** The game for the date of the next deadline: its latest game, created when none exists yet. */
export const currentGame = async (deps: Deps<'games'>): Promise<CurrentGame> => {
  const now = deps.clock.now();
  const existing = await deps.store.read((repos) => repos.games.latestForDate(currentDate(now, deps.config)));
  return existing
    ? { game: existing, effectiveStatus: effectiveStatusOf(existing, now) }
    : createCurrentGame(deps, now);
};

/**
 * `work` reads with the current game in one unit of work, so both come from one snapshot. The day's first call
 * creates the game first (a write), then reads.
 */
export const readWithCurrentGame = async <K extends RepositoryName, T>(
  deps: Deps<K | 'games'>,
  work: (repos: RepositoriesOf<K | 'games'>, current: CurrentGame) => Promise<T>,
): Promise<T> => {
  const now = deps.clock.now();
  const date = currentDate(now, deps.config);
  const done = await deps.store.read(async (repos) => {
    const game = await repos.games.latestForDate(date);
    return game ? { value: await work(repos, { game, effectiveStatus: effectiveStatusOf(game, now) }) } : null;
  });
  if (done) return done.value;
  const created = await createCurrentGame(deps, now);
  return deps.store.read((repos) => work(repos, created));
};

const createCurrentGame = async (deps: Deps<'games'>, now: Date): Promise<CurrentGame> => {
  try {
    return await deps.store.write((repos) => currentGameIn(repos, now, deps.config));
  } catch (error) {
    // Another server instance created it between our read and our write: use theirs.
    if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
    return deps.store.write((repos) => currentGameIn(repos, now, deps.config));
  }
};

export interface GameToday {
  gameDate: GameKey;
  serverNowISO: string;
  msUntilClose: number;
  effectiveStatus: EffectiveStatus;
  closesAtISO: string;
  /** What a number must be, and the messages when it is not: a client checks with these. */
  limits: NumberLimits;
}

/** What GET /api/game/today answers about `game` at `now`. */
export const gameTodayOf = (game: Game, now: Date): GameToday => {
  const effectiveStatus = effectiveStatusOf(game, now);
  return {
    gameDate: game.key,
    serverNowISO: now.toISOString(),
    msUntilClose: effectiveStatus === 'open' ? Math.max(0, Date.parse(game.closesAt) - now.getTime()) : 0,
    effectiveStatus,
    closesAtISO: game.closesAt,
    limits: NUMBER_LIMITS,
  };
};

export const gameToday = async (deps: Deps<'games'>): Promise<GameToday> =>
  gameTodayOf((await currentGame(deps)).game, deps.clock.now());

export const requireDate = (date: string): GameDate => {
  if (!isGameDate(date)) throw new DomainError('VALIDATION', 'Date must be a valid date in the form YYYY-MM-DD.');
  return date;
};

/**
 * Admin open: makes sure the date has an open game. Creates the regular game when the date has none,
 * an extra game `date-n` when the latest one was closed early and the date's deadline is still ahead.
 */
export const ensureGame = async (deps: Deps<'games'>, date: string): Promise<Game> => {
  const day = requireDate(date);
  const now = deps.clock.now();
  const closesAt = closeInstantForDate(day, deps.config);
  const opened = await deps.store.write(async (repos) => {
    const latest = await repos.games.latestForDate(day);
    if (!latest) return repos.games.create(newGame(day, 1, closesAt, deps.config));
    if (latest.status === 'open') return latest;
    if (closesAt.getTime() <= now.getTime()) throw new DomainError('GAME_CLOSED', `The game of ${day} has closed.`);
    return repos.games.create({
      ...newGame(day, latest.number + 1, closesAt, deps.config),
      opensAt: now.toISOString(),
    });
  });
  return opened;
};
