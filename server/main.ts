// Starts the server: configuration, container, app, scheduler, HTTP listener, graceful shutdown.
import { serve } from '@hono/node-server';
import { closeDueGames } from '../core/game/games.ts';
import { closeInstantAfter } from '../core/game/calendar.ts';
import { createApp } from './app.ts';
import { buildContainer } from './composition-root.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startScheduler } from './scheduler.ts';
import { startMailWorker } from './mail-worker.ts';
import { resolve, TOKENS } from './tokens.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const main = async (): Promise<void> => {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const container = await buildContainer(config);
  const app = createApp(container);
  const deps = resolve(container, TOKENS.deps);
  const logger = resolve(container, TOKENS.logger);
  const scheduler = startScheduler({
    closeDue: () => closeDueGames(deps),
    nextDeadline: (now) => closeInstantAfter(now, config.game),
    logger,
  });
  await scheduler.ready;
  const mailWorker = startMailWorker({ deps, sender: resolve(container, TOKENS.mailSender), logger });

  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    logger.info(`LOWEST UNIQUE is running at ${config.publicUrl} (listening on port ${info.port})`);
    logger.info(
      config.authMode === 'dev'
        ? `Sign-in: development sign-in at ${config.publicUrl}/auth/dev (AUTH_MODE=dev, no Google)`
        : 'Sign-in: Google',
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests, then stopping.`);
    scheduler.stop();
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting and waits for open requests; idle keep-alive sockets would hold it.
    server.close(() => {
      void mailWorker.stop().then(() => deps.store.close()).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('Closing the database failed', error);
          process.exit(1);
        },
      );
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

await main();
