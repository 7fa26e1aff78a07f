// The in-memory Store: the reference adapter for tests and demos. Writes run one at a time on a copy of the state
// that replaces it only when the write succeeds, so a write is all-or-nothing like the SQL adapters' and a read sees
// the last committed state, never half a write (as SQLite's and PostgreSQL's do).
import type { Repositories, Store } from '../../core/ports.ts';
import { unitOfWorkGuard } from '../unit-of-work-guard.ts';
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
      return work(memoryRepositories(() => snapshot));
    });
  }

  write<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const working = structuredClone(this.#state);
      const result = await work(memoryRepositories(() => working));
      this.#state = working;
      return result;
    };
    return this.#guard(() => {
      const result = this.#queue.then(run, run);
      this.#queue = result.catch(() => undefined);
      return result;
    });
  }

  async close(): Promise<void> {}
}
