// Finds the signed-in user from the `sid` cookie on every request that reaches the routes, and
// slides the cookie's lifetime along with the stored session's.
import { createMiddleware } from 'hono/factory';
import { sessionUser } from '../../core/accounts/sessions.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts';

export const sessionMiddleware = ({ deps, config }: AppServices) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c);
    const user = token === null ? null : await sessionUser(deps, token, config.sessionDays);
    c.set('user', user);
    await next();
    // Sign-in and logout set the cookie themselves; otherwise keep the browser's copy in step.
    if (token === null || c.res.headers.getSetCookie().some((h) => h.startsWith('sid='))) return;
    if (user) setSessionCookie(c, config, token);
    else clearSessionCookie(c, config);
  });
