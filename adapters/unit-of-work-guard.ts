// The rules of a unit of work that the stores enforce (the Store port in core/ports.ts states them):
// - A unit waits for nothing but its repositories: the memory and SQLite stores fail one that is still running when
//   the turn of the event loop it started in is over (UnitOutlivedTurnError, `withinTurn`).
// - No unit inside a unit of the same store: on SQLite it would wait for itself for ever, elsewhere run outside the
//   transaction it sits in. The SQLite store refuses it by construction (its units run whole within one turn); the
//   memory store through async context (`unitOfWorkGuard`), whose promise hooks cost every request of a Node 20 process
//   about a quarter of its CPU, so no production store uses it (adapters/postgres/store.ts says what PostgreSQL does).
// - A unit locks every game it locks before any player (`LockOrder`), so no two writes wait for each other's locks.
import { AsyncLocalStorage } from 'node:async_hooks';

export class UnitOutlivedTurnError extends Error {
  constructor() {
    super('A unit of work waited for something other than its repositories; it must not hold a transaction open.');
    this.name = 'UnitOutlivedTurnError';
  }
}

/** Runs `unit`, failing it with UnitOutlivedTurnError when it is still running once this turn of the event loop ends. */
export const withinTurn = <T>(unit: () => Promise<T>): Promise<T> => {
  let timer: NodeJS.Immediate | undefined;
  const outlived = new Promise<never>((_, reject) => (timer = setImmediate(() => reject(new UnitOutlivedTurnError()))));
  return Promise.race([unit(), outlived]).finally(() => clearImmediate(timer));
};

export class LockOrderError extends Error {
  constructor() {
    super("A unit of work locked a game after a player: take the game's lock first.");
    this.name = 'LockOrderError';
  }
}

/** The locks one unit of work has taken: a game's lock after a player's is refused before it is sent. */
export class LockOrder {
  #playerLocked = false;

  /** Before a game's lock. */
  game(): void {
    if (this.#playerLocked) throw new LockOrderError();
  }

  /** Before a player's lock. */
  player(): void {
    this.#playerLocked = true;
  }
}

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
