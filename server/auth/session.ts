// Finds the signed-in user from the `sid` cookie on every request that reaches the routes, and
// slides the cookie's lifetime along with the stored session's.
import { createMiddleware } from 'hono/factory';
import { sessionUser } from '../../core/accounts/sessions.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { clearSessionCookie, readSessionToken, refreshSessionCookie, setSessionCookie } from './session-cookie.ts';

/** Sign-in and logout (under /auth) set or clear the cookie themselves. */
const managesCookie = (path: string): boolean => path === '/auth' || path.startsWith('/auth/');

export const sessionMiddleware = ({ deps, config }: AppServices) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c);
    const user = token === null ? null : await sessionUser(deps, token, config.sessionDays);
    c.set('user', user);
    if (token === null) return next();
    if (managesCookie(c.req.path)) {
      await next();
      if (c.res.headers.getSetCookie().some((h) => h.startsWith('sid='))) return;
      if (user) setSessionCookie(c, config, token);
      else clearSessionCookie(c, config);
      return;
    }
    // Set before the handler runs: a header added to a finished response makes Hono rebuild it
    // as a stream, which cost the hot path more than the route's own work. Reads (the browser
    // polls several) carry the refreshed cookie; a submission or a profile change need not.
    if (!user) clearSessionCookie(c, config);
    else if (c.req.method === 'GET' || c.req.method === 'HEAD') refreshSessionCookie(c, config, token);
    return next();
  });
