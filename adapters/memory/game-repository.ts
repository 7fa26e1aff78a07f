import { DomainError } from '../../core/errors.ts';
import type { Game, GameDate, GameKey, GameStats, Instant } from '../../core/model.ts';
import type { GameRepository, RowLock } from '../../core/game/ports.ts';
import type { LockOrder } from '../unit-of-work-guard.ts';
import type { MemoryState } from './state.ts';

const newestFirst = (a: Game, b: Game): number =>
  a.closesAt !== b.closesAt ? (a.closesAt < b.closesAt ? 1 : -1) : b.number - a.number;
const soonestFirst = (a: Game, b: Game): number => -newestFirst(a, b);

export class MemoryGameRepository implements GameRepository {
  constructor(
    private readonly state: () => MemoryState,
    private readonly lockOrder?: LockOrder,
  ) {}

  async create(game: Game): Promise<Game> {
    const games = this.state().games;
    if (games.has(game.key)) throw new DomainError('CONFLICT', `Game ${game.key} already exists.`);
    games.set(game.key, { ...game });
    return { ...game };
  }

  async byKey(key: GameKey): Promise<Game | null> {
    const game = this.state().games.get(key);
    return game ? { ...game } : null;
  }

  /** Memory writes run one at a time: nothing to lock, but the order of the locks is checked as the SQL stores check it. */
  async lock(key: GameKey): Promise<Game | null> {
    this.lockOrder?.game();
    return this.byKey(key);
  }

  async latestForDate(date: GameDate, lock?: RowLock): Promise<Game | null> {
    if (lock) this.lockOrder?.game();
    const ofDate = this.#all().filter((g) => g.date === date);
    ofDate.sort((a, b) => b.number - a.number);
    return ofDate[0] ? { ...ofDate[0] } : null;
  }

  async listDue(now: Instant): Promise<Game[]> {
    return this.#all()
      .filter((g) => g.status === 'open' && g.closesAt <= now)
      .sort(soonestFirst)
      .map((g) => ({ ...g }));
  }

  async listOpen(): Promise<Game[]> {
    return this.#all()
      .filter((g) => g.status === 'open')
      .sort(soonestFirst)
      .map((g) => ({ ...g }));
  }

  async markClosed(key: GameKey, closedAt: Instant, stats: GameStats): Promise<boolean> {
    const s = this.state();
    const game = s.games.get(key);
    if (!game || game.status !== 'open') return false;
    s.games.set(key, { ...game, status: 'closed', closedAt });
    s.gameStats.set(key, structuredClone({ ...stats, gameKey: key }));
    return true;
  }

  async stats(key: GameKey): Promise<GameStats | null> {
    const stats = this.state().gameStats.get(key);
    return stats ? structuredClone(stats) : null;
  }

  async history(limit: number): Promise<Game[]> {
    return this.#all()
      .sort(newestFirst)
      .slice(0, Math.max(0, limit))
      .map((g) => ({ ...g }));
  }

  async latestClosed(): Promise<Game | null> {
    const closed = this.#all()
      .filter((g) => g.status === 'closed')
      .sort(newestFirst);
    return closed[0] ? { ...closed[0] } : null;
  }

  async latestChange(): Promise<{ latestGame: GameKey | null; latestClose: Instant | null }> {
    const [latest] = await this.history(1);
    const closes = this.#all().flatMap((g) => (g.closedAt === null ? [] : [g.closedAt]));
    return { latestGame: latest?.key ?? null, latestClose: closes.sort().at(-1) ?? null };
  }

  #all(): Game[] {
    return [...this.state().games.values()];
  }
}
