// One unit of work at a time in a call chain, on every adapter. A store called from inside its own unit of work would
// on SQLite wait for itself for ever, and elsewhere run outside the transaction it sits in: each store refuses it at
// once instead, the same way, in tests and in production.
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
