// Who may call a route: a sub-app of signed-in routes is made with its one guard for all of them (`guardedApp`);
// behind it `c.var.user` is the signed-in user, typed as present.
import { createMiddleware } from 'hono/factory';
import type { User } from '../../core/model.ts';
import type { AppEnv } from '../app-env.ts';
import { apiError } from '../error-status.ts';
import { apiApp } from '../openapi.ts';

/** The environment behind a guard: the user is there. */
export interface SignedInEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { user: User };
}

export const signedIn = createMiddleware<SignedInEnv>((c, next) => {
  if (!c.get('user')) throw apiError('UNAUTHENTICATED', 'Please sign in first.');
  return next();
});

export const adminOnly = createMiddleware<SignedInEnv>((c, next) => {
  const user = c.get('user');
  if (!user) throw apiError('UNAUTHENTICATED', 'Please sign in first.');
  if (user.role !== 'admin') throw apiError('FORBIDDEN', 'You need admin privileges to do that.');
  return next();
});

/** A sub-app whose every route is behind `guard` (`signedIn` or `adminOnly`). */
export const guardedApp = (guard: typeof signedIn) => {
  const app = apiApp<SignedInEnv>();
  app.use('*', guard);
  return app;
};
