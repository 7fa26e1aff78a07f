// Which methods each path of the app answers, read from `app.routes` once every route is mounted: a known path asked
// with another method answers 405 with `Allow`, and the web app's fallback tells the admin API's paths from its screens.
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const byMethodOrder = (a: string, b: string) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

export interface RouteTable {
  /** The methods routes answer at `path` (HEAD wherever GET is), or null when no route has that path. */
  methodsAt(path: string): string[] | null;
}

const tableOf = (routes: readonly RouterRoute[]): RouteTable => {
  const methodsByPath = new Map<string, Set<string>>();
  // Middleware is registered for ALL methods: it answers nothing by itself.
  for (const { method, path } of routes) {
    if (method === 'ALL') continue;
    const methods = methodsByPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    methodsByPath.set(path, methods);
  }
  // Hono's own router matches a request's path against the route patterns exactly as the app does.
  const router = new TrieRouter<Set<string>>();
  for (const [path, methods] of methodsByPath) router.add('ALL', path, methods);
  return {
    methodsAt(path) {
      const matched = router.match('ALL', path)[0];
      if (matched.length === 0) return null;
      const methods = new Set(matched.flatMap(([set]) => [...set]));
      return [...methods].sort(byMethodOrder);
    },
  };
};

/** The table of `routes()`, built on first use (by the first request every route is mounted) and kept. */
export const routeTable = (routes: () => readonly RouterRoute[]): RouteTable => {
  let table: RouteTable | null = null;
  return { methodsAt: (path) => (table ??= tableOf(routes())).methodsAt(path) };
};
