// One unit of work at a time in a call chain, on every adapter. A store called from inside its own unit of work
// would on SQLite wait for itself for ever, and elsewhere run outside the transaction it sits in: each store
// refuses it at once instead, the same way (issue 14: the three stores behave alike).
// The check rides on AsyncLocalStorage, whose promise hooks cost Node 20 about a third of a request's CPU once
// enabled (measured with bench:http): stores check by default (every test, the CLI) and the HTTP server opens its
// store without the check (docs/decisions.md).
import { AsyncLocalStorage } from 'node:async_hooks';

export class NestedUnitOfWorkError extends Error {
  constructor() {
    super('A store was called from inside one of its own units of work: pass the repositories down instead.');
    this.name = 'NestedUnitOfWorkError';
  }
}

/**
 * Wraps a store's units: `run` refuses to start while the calling chain is inside another unit of the same store.
 * With `check` false it runs the unit as is.
 */
export const unitOfWorkGuard = (check = true) => {
  if (!check) return <T>(unit: () => Promise<T>): Promise<T> => unit();
  const inside = new AsyncLocalStorage<true>();
  return <T>(unit: () => Promise<T>): Promise<T> =>
    inside.getStore() === true ? Promise.reject(new NestedUnitOfWorkError()) : inside.run(true, unit);
};
