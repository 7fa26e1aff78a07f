// Middleware run as one entry of Hono's chain, kept for what it buys (ADR 0042, docs/performance.md): Hono's compose
// runs every middleware in an async function of its own, and with a closure, a promise and an await each, a dozen of
// them cost GET /api/game/today about a quarter of its CPU. Here each step calls the next directly, so a step that
// returns next() adds only a closure.
//
// What a sequence asks of its steps, since Hono catches an error where the sequence is mounted, not where it is thrown:
// - a step that throws or answers (returns a Response) has before it in its sequence only steps that return next()'s
//   result and do nothing after it; an error's answer still gets the work of everything mounted before the sequence;
// - a step with work after next() (a log, headers) neither throws nor answers, nor does any step after it.
import type { Env, MiddlewareHandler } from 'hono';

export const inSequence =
  <E extends Env>(...steps: MiddlewareHandler<E>[]): MiddlewareHandler<E> =>
  (c, next) => {
    const from = (i: number): Promise<Response | void> => {
      const step = steps[i];
      return step === undefined ? next() : step(c, () => from(i + 1) as Promise<void>);
    };
    return from(0);
  };

/** `step` for paths at or under one of `prefixes` (as Hono's `app.use('/api/*', step)` matches), next() elsewhere. */
export const under =
  <E extends Env>(prefixes: readonly string[], step: MiddlewareHandler<E>): MiddlewareHandler<E> =>
  (c, next) => {
    const path = c.req.path;
    return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ? step(c, next) : next();
  };
