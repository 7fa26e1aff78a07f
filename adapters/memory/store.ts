// The in-memory Store: the reference adapter for tests and demos. Writes run one at a time; a write
// that throws restores the state it started from, so it honours the same all-or-nothing contract
// as the SQL adapters.
import type { Repositories, Store } from '../../core/ports.ts';
import { emptyState, type MemoryState } from './state.ts';
import { memoryRepositories } from './repositories.ts';

export class MemoryStore implements Store {
  #state: MemoryState = emptyState();
  #queue: Promise<unknown> = Promise.resolve();

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return work(memoryRepositories(() => this.#state));
  }

  write<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const before = structuredClone(this.#state);
      try {
        return await work(memoryRepositories(() => this.#state));
      } catch (error) {
        this.#state = before;
        throw error;
      }
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {}
}
