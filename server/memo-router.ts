// Hono's router with its answers remembered by method and path. The app's routes sit beside a dozen global
// middlewares, and Hono's faster RegExpRouter refuses them (`/api/results/today` beside `/api/results/:date`), so
// every request walked the TrieRouter, which builds its list of handlers and parameters anew: 4 KB of garbage and
// 3–5 % of a request's CPU (docs/performance.md). A match depends on the method and path alone, and Hono only reads it.
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Paths remembered at most; the memory starts over when full (a scan of random paths only costs the walk again). */
const REMEMBERED = 1_000;
/** Longer paths are matched every time: they are not the app's own. */
const LONGEST_REMEMBERED = 200;

export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_REMEMBERED) return this.#router.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= REMEMBERED) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}
