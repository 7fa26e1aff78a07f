// Refuses cross-site state changes (CSRF) on every unsafe method, JSON and forms alike: hono's
// csrf() only looks at form content types. Browsers send Origin on every cross-origin POST/PUT/
// PATCH/DELETE (and Sec-Fetch-Site on all of them); a request carrying neither comes from a
// non-browser client (curl, tests, the CLI), which cannot ride a victim's cookie, so it is allowed.
// Origin is compared with PUBLIC_URL only: the Host header is the client's to choose (a DNS
// rebinding page or a proxy passing Host through would make any origin look like our own).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { apiError } from '../error-status.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sameOrigin = (publicUrl: string) => {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>((c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const crossSite =
      origin !== undefined ? origin !== publicOrigin : site !== undefined && site !== 'same-origin' && site !== 'none';
    // Built only when refusing: an Error captures a stack trace, which every accepted POST would pay for.
    if (crossSite) throw apiError('CROSS_SITE', 'Cross-site requests are not allowed.');
    return next();
  });
};
