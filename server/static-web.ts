// Serves the built web app with a single-page-app fallback: a GET that accepts HTML and is not an
// API path answers index.html, so /admin, /stats, … survive a reload. Hashed assets are immutable.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';

/** The admin API's paths (DESIGN.md §12); GET /admin itself is the web app's admin screen. */
const ADMIN_API = /^\/admin\/(status|daily-close|compute\/[^/]*|open\/[^/]*|submissions|create-bot-submissions|delete-bot-submissions)\/?$/;

export const isApiPath = (path: string): boolean =>
  path === '/api' || path.startsWith('/api/') || path === '/auth' || path.startsWith('/auth/') || ADMIN_API.test(path);

const acceptsHtml = (accept: string | undefined): boolean => (accept ?? '').includes('text/html');

export const staticWeb = (webRoot: string) => {
  const build = () => ({
    files: serveStatic<AppEnv>({ root: webRoot }),
    index: serveStatic<AppEnv>({ root: webRoot, path: 'index.html' }),
  });
  // Made on first use once the folder exists: an API-only server (no build yet) stays quiet.
  let handlers: ReturnType<typeof build> | null = null;

  return createMiddleware<AppEnv>(async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(c.req.path)) return next();
    handlers ??= existsSync(webRoot) ? build() : null;
    if (!handlers) return next();
    // A path with a file extension is a file request: serve it or fall through to the 404.
    const last = c.req.path.split('/').pop() ?? '';
    if (last.includes('.') || c.req.path === '/') {
      // Set before serving (the file response copies the headers). Vite puts a content hash in
      // every asset name, so a changed asset is a new URL and can be cached for good.
      c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      const served = await handlers.files(c, async () => {});
      if (served) return served;
    }
    if (acceptsHtml(c.req.header('accept')) && existsSync(join(webRoot, 'index.html'))) {
      c.header('Cache-Control', 'no-cache');
      const served = await handlers.index(c, async () => {});
      if (served) return served;
    }
    return next();
  });
};
