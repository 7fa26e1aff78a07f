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

/** Wraps a store's units: `run` refuses to start while the calling chain is inside another unit of the same store. */
export const unitOfWorkGuard = () => {
  const inside = new AsyncLocalStorage<true>();
  return <T>(unit: () => Promise<T>): Promise<T> =>
    inside.getStore() === true ? Promise.reject(new NestedUnitOfWorkError()) : inside.run(true, unit);
};
