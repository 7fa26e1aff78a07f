// While draining (after SIGTERM) every response says `Connection: close`, so keep-alive clients
// leave after their current request instead of having an idle socket cut under them at exit.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import type { Lifecycle } from './lifecycle.ts';

export const closeConnectionsWhenDraining = (lifecycle: Lifecycle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    // On the response's own headers: c.header() on a finished response rebuilds it as a web stream.
    if (lifecycle.draining) c.res.headers.set('Connection', 'close');
  });
