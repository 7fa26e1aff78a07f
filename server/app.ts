// The Hono application: security middleware, sessions, the web app's files and one sub-app per
// resource. Built from the composition root's services so tests run it over the memory store without opening a port.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import type { AppEnv, AppServices } from './app-env.ts';
import { isLoopbackUrl } from './config.ts';
import { sessionMiddleware } from './auth/session.ts';
import type { ApiError } from './routes/shared.schemas.ts';
import { compressJson } from './content-encoding.ts';
import { errorHandler } from './on-error.ts';
import { mountApiDocs } from './api-docs.ts';
import { readJsonBody } from './validation.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { entryRoutes } from './routes/entry.ts';
import { fairnessRoutes } from './routes/fairness.ts';
import { gameRoutes } from './routes/game.ts';
import { gameplayRoutes } from './routes/gameplay.ts';
import { guildRoutes } from './routes/guilds.ts';
import { historyRoutes } from './routes/history.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { meRoutes } from './routes/me.ts';
import { prizeRoutes } from './routes/prizes.ts';
import { profileRoutes } from './routes/profile.ts';
import { referralRoutes } from './routes/referrals.ts';
import { resultRoutes } from './routes/results.ts';
import { rewardRoutes } from './routes/rewards.ts';
import { statsRoutes } from './routes/stats.ts';
import { winningRoutes } from './routes/winnings.ts';
import { closeConnectionsWhenDraining } from './lifecycle/drain.ts';
import { operatorRoutes } from './observability/operator-routes.ts';
import { requestLog } from './observability/request-log.ts';
import { clientAddress } from './security/client-address.ts';
import { bodyLimit } from './security/body-limit.ts';
import { jsonOnly } from './security/json-only.ts';
import { noNulInUrl } from './security/nul-characters.ts';
import { sameOrigin } from './security/same-origin.ts';
import { securityHeaders } from './security/security-headers.ts';
import { staticWeb, webMethodsAt } from './static-web.ts';
import { notFound } from './not-found.ts';
import { routeTable } from './route-table.ts';
import { inSequence, under } from './in-sequence.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

export const createApp = (services: AppServices): Hono<AppEnv> => {
  const app = new OpenAPIHono<AppEnv>();

  app.onError(errorHandler(services.logger));
  const routes = routeTable(() => app.routes);
  app.notFound(notFound(routes, webMethodsAt(services.config.webRoot, routes)));

  // First, so every response is logged, measured, (while draining) closes its connection and, when it is JSON, is
  // compressed. None of these throws or answers: each runs its part after the rest has answered (in-sequence.ts).
  app.use(
    inSequence(
      requestLog(services.logger, services.metrics),
      closeConnectionsWhenDraining(services.lifecycle),
      securityHeaders(services.config.publicUrl.startsWith('https:')),
      clientAddress(services.config.trustProxy),
      compressJson,
    ),
  );
  // Before the web app's files, which would answer a browser's GET /healthz with index.html.
  app.route(
    '/',
    operatorRoutes({
      lifecycle: services.lifecycle,
      ping: () => services.deps.store.read((repos) => repos.games.latestClosed()),
      ...(services.databaseWritable ? { writable: services.databaseWritable } : {}),
      metrics: services.metrics,
      metricsToken: services.config.metricsToken,
      metricsLoopbackOnly: !isLoopbackUrl(services.config.publicUrl),
    }),
  );
  // The checks before the routes, each of which may refuse (throw) or answer; only the session works after the route.
  app.use(
    inSequence(
      noNulInUrl,
      staticWeb(services.config.webRoot, routes),
      sameOrigin(services.config.publicUrl),
      // The rest of the body stays unread on the socket: close it, or it would be parsed as the next request.
      bodyLimit(BODY_LIMIT_BYTES, (c) =>
        c.json(
          { error: 'The request body is too large (limit 64 KiB).', code: 'PAYLOAD_TOO_LARGE' } satisfies ApiError,
          413,
          {
            Connection: 'close',
          },
        ),
      ),
      under(['/api', '/admin'], inSequence(jsonOnly, readJsonBody)),
      sessionMiddleware(services),
    ),
  );

  // One sub-app per resource, each with its guard; a resource's routes are relative to where it is mounted.
  const api = new OpenAPIHono<AppEnv>()
    .route('/me', meRoutes())
    .route('/profile', profileRoutes(services))
    .route('/stats', statsRoutes(services))
    .route('/game', gameRoutes(services))
    .route('/entry', entryRoutes(services))
    .route('/results', resultRoutes(services))
    .route('/history', historyRoutes(services))
    .route('/referrals', referralRoutes(services))
    .route('/leaderboard', leaderboardRoutes(services))
    .route('/prizes', prizeRoutes(services))
    .route('/rewards', rewardRoutes(services))
    .route('/fairness', fairnessRoutes(services))
    .route('/winnings', winningRoutes(services))
    .route('/guilds', guildRoutes(services))
    .route('/gameplay', gameplayRoutes(services));
  app.route('/auth', authRoutes(services));
  app.route('/api', api);
  app.route('/admin', adminRoutes(services));
  mountApiDocs(app, services.config.publicUrl);
  return app;
};
