// While draining (after SIGTERM) every response says `Connection: close`, so keep-alive clients
// leave after their current request instead of having an idle socket cut under them at exit.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import type { Lifecycle } from './lifecycle.ts';
import { setResponseHeader } from '../node-response.ts';

export const closeConnectionsWhenDraining = (lifecycle: Lifecycle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (lifecycle.draining) setResponseHeader(c, 'Connection', 'close');
  });
