// Serves the built web app with a single-page-app fallback: a GET that accepts HTML and is not an
// API path answers index.html, so /admin, /stats, … survive a reload. Hashed assets are immutable.
// The build writes .br and .gz beside each compressible file; the request's Accept-Encoding picks one.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './app-env.ts';
import { chooseEncoding, type ContentEncoding } from './content-encoding.ts';
import type { RouteTable } from './route-table.ts';
import { DOCUMENT_SECURITY_HEADERS } from './security/security-headers.ts';

/** The server's own paths: /api, /auth and the admin API's routes (GET /admin itself is the web app's admin screen). */
const isApiPath = (path: string, routes: RouteTable): boolean =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path === '/auth' ||
  path.startsWith('/auth/') ||
  (path.startsWith('/admin/') && routes.methodsAt(path) !== null);

/** The methods the web app answers at `path` (its screens: GET and HEAD), or null for a server path or without a build. */
export const webMethodsAt =
  (webRoot: string, routes: RouteTable) =>
  (path: string): string[] | null =>
    !isApiPath(path, routes) && existsSync(join(webRoot, 'index.html')) ? ['GET', 'HEAD'] : null;

const acceptsHtml = (accept: string | undefined): boolean => (accept ?? '').includes('text/html');

const SUFFIX = { br: '.br', gzip: '.gz' } as const satisfies Partial<Record<ContentEncoding, string>>;

/** A path the build could have written: plain segments, none starting with a dot, nothing percent-encoded. */
const PLAIN_FILE = /^(?:\/[\w-][\w.-]*)+$/;
/** The app shell, answered for `/` and for every address of the app. */
const INDEX = '/index.html';

const fileStat = (path: string) =>
  stat(path).then(
    (found) => (found.isFile() ? found : null),
    () => null,
  );

/**
 * The precompressed twin of a file (`path`, the request's own unless given) when the request accepts one, or null to
 * let serveStatic send the file as is.
 * Vary is set whenever twins exist, identity answers included, so a shared cache keeps the variants apart. A Range
 * request gets the plain file: ranges of a compressed body are not what the client asked for.
 */
async function servePrecompressed(c: Context<AppEnv>, webRoot: string, path = c.req.path): Promise<Response | null> {
  if (!PLAIN_FILE.test(path) || c.req.header('range') !== undefined) return null;
  const file = join(webRoot, path);
  const twins = await Promise.all(
    (['br', 'gzip'] as const).map(async (encoding) => ({ encoding, stat: await fileStat(file + SUFFIX[encoding]) })),
  );
  const available = twins.filter((twin) => twin.stat !== null);
  if (available.length === 0 || (await fileStat(file)) === null) return null;
  c.header('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(
    c.req.header('accept-encoding'),
    available.map((twin) => twin.encoding),
  );
  const chosen = available.find((twin) => twin.encoding === encoding);
  if (encoding === 'identity' || chosen?.stat == null) return null;
  c.header('Content-Type', getMimeType(path) ?? 'application/octet-stream');
  c.header('Content-Encoding', encoding);
  c.header('Content-Length', String(chosen.stat.size));
  c.header('Last-Modified', chosen.stat.mtime.toUTCString());
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(new Uint8Array(await readFile(file + SUFFIX[encoding])), 200);
}

export const staticWeb = (webRoot: string, routes: RouteTable) => {
  const build = () => ({
    files: serveStatic<AppEnv>({ root: webRoot }),
    index: serveStatic<AppEnv>({ root: webRoot, path: 'index.html' }),
  });
  // Made on first use once the folder exists: an API-only server (no build yet) stays quiet.
  let handlers: ReturnType<typeof build> | null = null;

  const serve = async (c: Context<AppEnv>, next: Next): Promise<Response | void> => {
    handlers ??= existsSync(webRoot) ? build() : null;
    if (!handlers) return next();
    // A path with a file extension is a file request: serve it or fall through to the 404.
    const last = c.req.path.split('/').pop() ?? '';
    // Set before serving, as Cache-Control is: a page or a file carries the documents' headers.
    for (const [name, value] of DOCUMENT_SECURITY_HEADERS) c.header(name, value);
    if (last.includes('.') || c.req.path === '/') {
      // Set before serving (the file response copies the headers). Vite puts a content hash in
      // every asset name, so a changed asset is a new URL and can be cached for good.
      c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      const served =
        (await servePrecompressed(c, webRoot, c.req.path === '/' ? INDEX : c.req.path)) ??
        (await handlers.files(c, async () => {}));
      if (served) return served;
    }
    if (acceptsHtml(c.req.header('accept')) && existsSync(join(webRoot, 'index.html'))) {
      c.header('Cache-Control', 'no-cache');
      const served = (await servePrecompressed(c, webRoot, INDEX)) ?? (await handlers.index(c, async () => {}));
      if (served) return served;
    }
    return next();
  };
  // The API's requests pass straight on, without a promise of this middleware's own.
  return createMiddleware<AppEnv>((c, next) =>
    (c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(c.req.path, routes) ? next() : serve(c, next),
  );
};
