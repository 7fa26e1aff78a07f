// What the server answers between listening and having its database open and migrated: the
// operator endpoints, and a 503 with Retry-After for everything else, never a hang (DESIGN.md §14).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { ApiError } from '../routes/shared.schemas.ts';
import { operatorRoutes } from '../observability/operator-routes.ts';
import { closeConnectionsWhenDraining } from './drain.ts';
import type { Lifecycle } from './lifecycle.ts';

export const STARTING_MESSAGE = 'The server is starting. Please try again in a few seconds.';

export const startingApp = (
  lifecycle: Lifecycle,
  metricsToken: string | null,
  metricsLoopbackOnly: boolean,
): Hono<AppEnv> => {
  const app = new Hono<AppEnv>();
  app.use(closeConnectionsWhenDraining(lifecycle));
  app.route('/', operatorRoutes({ lifecycle, ping: null, metrics: null, metricsToken, metricsLoopbackOnly }));
  app.all('*', (c) => {
    c.header('Retry-After', '5');
    return c.json({ error: STARTING_MESSAGE, code: 'STARTING' } satisfies ApiError, 503);
  });
  return app;
};
