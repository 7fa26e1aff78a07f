// Refuses cross-site state changes (CSRF) on every unsafe method, JSON and forms alike: hono's
// csrf() only looks at form content types. Browsers send Origin on every cross-origin POST/PUT/
// PATCH/DELETE (and Sec-Fetch-Site on all of them); a request carrying neither comes from a
// non-browser client (curl, tests, the CLI), which cannot ride a victim's cookie, so it is allowed.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { HttpProblem } from '../http-problem.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sameOrigin = (publicUrl: string) => {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const refused = new HttpProblem(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    if (origin !== undefined) {
      // The request's own origin is same-origin by definition (the browser set Host to us).
      if (origin !== publicOrigin && origin !== new URL(c.req.url).origin) throw refused;
    } else if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw refused;
    }
    return next();
  });
};
