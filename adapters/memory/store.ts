// The in-memory Store: the reference adapter for tests and demos. Writes run one at a time on a copy of the state
// that replaces it only when the write succeeds, so a write is all-or-nothing like the SQL adapters' and a read sees
// the last committed state, never half a write (as SQLite's and PostgreSQL's do). It refuses what SQLite refuses, with
// the same errors (../unit-of-work-guard.ts): a unit still running when its turn of the event loop is over, a unit
// inside a unit, a game locked after a player.
import type { Repositories, Store } from '../../core/ports.ts';
import type { StandardPick } from '../../core/entries/ports.ts';
import { LockOrder, unitOfWorkGuard, withinTurn } from '../unit-of-work-guard.ts';
import { emptyState, type MemoryState } from './state.ts';
import { memoryRepositories } from './repositories.ts';

export class MemoryStore implements Store {
  #state: MemoryState = emptyState();
  #queue: Promise<unknown> = Promise.resolve();
  readonly #guard = unitOfWorkGuard();

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.#guard(() => {
      // Writes replace the state rather than change it, so this one stays as it was for the whole read.
      const snapshot = this.#state;
      return withinTurn(() => work(memoryRepositories(() => snapshot)));
    });
  }

  write<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const working = structuredClone(this.#state);
      const result = await withinTurn(() => work(memoryRepositories(() => working, new LockOrder())));
      this.#state = working;
      return result;
    };
    return this.#guard(() => {
      const result = this.#queue.then(run, run);
      this.#queue = result.catch(() => undefined);
      return result;
    });
  }

  /** The fast path's checks and writes as repository calls in one write (core/entries/ports.ts). */
  submitStandardPick(pick: StandardPick): Promise<boolean> {
    return this.write(async (repos) => {
      const { entry } = pick;
      const game = await repos.games.latestForDate(pick.gameDate);
      if (!game || game.key !== entry.gameKey || game.status !== 'open' || entry.submittedAt >= game.closesAt)
        return false;
      const [player, existing, referral] = await Promise.all([
        repos.users.byId(entry.userId),
        repos.entries.forPlayer(game.key, entry.userId),
        repos.referrals.byReferred(entry.userId),
      ]);
      if (!player || existing.length > 0 || referral?.status === 'pending') return false;
      await repos.entries.add(entry);
      if (pick.signals.length > 0) await repos.integrity.record(entry.userId, pick.signals, pick.day);
      return true;
    });
  }

  /** A copy of the committed tables: a test reads every one of them (the SQL stores' catalogue lists theirs). */
  snapshot(): MemoryState {
    return structuredClone(this.#state);
  }

  async close(): Promise<void> {}
}
