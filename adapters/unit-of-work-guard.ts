// A store called from inside its own unit of work would on SQLite wait for itself for ever, and elsewhere run outside
// the transaction it sits in. The SQLite store refuses it by construction (its units run whole within one turn); the
// memory store through async context (`unitOfWorkGuard`), whose promise hooks cost every request of a Node 20 process
// about a quarter of its CPU, so no production store uses it (adapters/postgres/store.ts says what PostgreSQL does).
import { AsyncLocalStorage } from 'node:async_hooks';

export class NestedUnitOfWorkError extends Error {
  constructor() {
    super('A store was called from inside one of its own units of work: pass the repositories down instead.');
    this.name = 'NestedUnitOfWorkError';
  }
}

/**
 * The stores whose units the calling chain is inside. One storage for every guarded store: Node keeps each
 * AsyncLocalStorage that ever ran for the life of the process and visits all of them on every new promise, so one
 * per store made a process that creates many stores (a test worker) slower with each.
 */
const inside = new AsyncLocalStorage<ReadonlySet<object>>();

/** Wraps a store's units: `run` refuses to start while the calling chain is inside another unit of the same store. */
export const unitOfWorkGuard = () => {
  const store = {};
  return <T>(unit: () => Promise<T>): Promise<T> => {
    const active = inside.getStore();
    if (active?.has(store)) return Promise.reject(new NestedUnitOfWorkError());
    return inside.run(new Set([...(active ?? []), store]), unit);
  };
};
