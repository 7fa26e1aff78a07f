// Starts the server (DESIGN.md §14): configuration, then the HTTP listener at once; the database
// opens and migrates and the catch-up close runs behind it while /readyz says 503. SIGTERM drains:
// /readyz 503, `Connection: close` on every response, in-flight requests finish, the database
// closes, the process exits; SHUTDOWN_GRACE_SECONDS bounds the wait.
import { createServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { closeDueGames } from '../core/game/close.ts';
import { closeInstantAfter } from '../core/game/calendar.ts';
import type { AppEnv } from './app-env.ts';
import { createApp } from './app.ts';
import { composeServer } from './composition-root.ts';
import { signingKey } from '../core/fairness/receipt-keys.ts';
import { ConfigError, isLoopbackUrl, loadConfig, type ServerConfig } from './config.ts';
import { Lifecycle } from './lifecycle/lifecycle.ts';
import { startingApp } from './lifecycle/starting-app.ts';
import { pinoLogger } from './observability/logger.ts';
import { publicAnswerFront, type PublicAnswerFront } from './public-answer-front.ts';
import { forgetGames } from './public-answers.ts';
import { startMailWorker, type MailWorker } from './mail-worker.ts';
import { isPostgresUrl } from './open-store.ts';
import { startScheduler, type Scheduler } from './scheduler.ts';
import type { Store } from '../core/ports.ts';

/**
 * How far V8 lets the heap grow past what the last full collection kept (default: up to 4×, dynamic). A deadline rush
 * allocates 35–45 KB a request and keeps 25–30 MB: by default the old space filled with garbage up to 220–300 MB of
 * RSS before a full collection; at 1.6× the rush peaks at 160–170 MB for about the same CPU (at 1.3×, 160 MB but
 * 20–50 % more CPU a request: docs/performance.md).
 * It limits the growth, not the size: the 1,000,000-entry close and a large fairness record still get what they need.
 * Read by V8 at every collection, so setting it here holds for every way of starting the server; a flag on the
 * command line wins.
 */
const HEAP_GROWING_PERCENT = 60;
if (!process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

const configOrExit = (): ServerConfig => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

const main = (): void => {
  const config = configOrExit();
  const logger = pinoLogger(config.logLevel);
  const lifecycle = new Lifecycle('starting');
  let handler: Hono<AppEnv> = startingApp(lifecycle, config.metricsToken, !isLoopbackUrl(config.publicUrl));
  let store: Store | null = null;
  let scheduler: Scheduler | null = null;
  let mailWorker: MailWorker | null = null;
  // The kept public answers, served before the app once the database is open (public-answer-front.ts).
  let front: PublicAnswerFront | null = null;

  const app = getRequestListener((request: Request, env: unknown) => handler.fetch(request, env), {
    ...(config.host === null ? {} : { hostname: config.host }),
  });
  const server = createServer((request, response) => {
    if (front === null || !front(request, response)) void app(request, response);
  });
  const listening = () => {
    const info = server.address();
    logger.info('listening', {
      address: typeof info === 'object' && info !== null ? info.address : info,
      port: typeof info === 'object' && info !== null ? info.port : config.port,
      publicUrl: config.publicUrl,
      authMode: config.authMode,
    });
  };
  if (config.host === null) server.listen(config.port, listening);
  else server.listen(config.port, config.host, listening);

  const opened = (async () => {
    const services = await composeServer(config, { logger, lifecycle });
    const { deps, metrics, mailSender } = services;
    store = services.store;
    handler = createApp(services);
    front = publicAnswerFront({
      cache: services.publicAnswers,
      currentGame: services.currentGameAnswer,
      now: () => deps.clock.now(),
      lifecycle,
      logger,
      metrics,
      https: config.publicUrl.startsWith('https:'),
    });
    lifecycle.enter('catching-up');
    logger.info('database ready', { database: isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite' });
    if (config.authMode === 'dev') logger.info('development sign-in', { url: `${config.publicUrl}/auth/dev` });
    if (lifecycle.draining) return;
    // The key that signs receipts, read (or made) before the first pick: a RECEIPT_SIGNING_KEY missing, or another
    // than the one the database says signs, stops here with the reason and the way out as the log line.
    try {
      await signingKey(deps);
    } catch (error) {
      logger.error(error instanceof Error ? error.message : String(error));
      await logger.flush().catch(() => undefined);
      process.exit(1);
    }
    mailWorker = startMailWorker({ deps, sender: mailSender, logger, reminderMinutes: config.mail.reminderMinutes });
    scheduler = startScheduler({
      // This instance's close is seen by the kept answers at once; another instance's within a second.
      closeDue: () => metrics.timeClose(() => closeDueGames(deps)).finally(() => forgetGames(services)),
      nextDeadline: (now) => closeInstantAfter(now, config.game),
      logger,
    });
    await scheduler.ready;
    lifecycle.enter('ready');
    logger.info('ready');
  })();
  opened.catch((error: unknown) => {
    logger.error(
      'The server could not start (its database, its parts or the close of games past their deadline failed); stopping.',
      error,
    );
    process.exit(1);
  });

  let inFlight = 0;
  server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => (inFlight -= 1));
  });

  const shutdown = (signal: string): void => {
    if (lifecycle.draining) return;
    lifecycle.enter('draining');
    scheduler?.stop();
    logger.info('draining', { signal, inFlight, graceSeconds: config.shutdownGraceSeconds });
    let finishing = false;
    const finish = async (): Promise<void> => {
      if (finishing) return;
      finishing = true;
      try {
        await opened.catch(() => undefined);
        // A mail being sent finishes and is marked, so it is not sent again by another instance.
        await mailWorker?.stop();
        await store?.close();
        logger.info('stopped', { signal });
        await logger.flush();
        process.exit(0);
      } catch (error) {
        logger.error('Closing the database failed', error);
        await logger.flush().catch(() => undefined);
        process.exit(1);
      }
    };
    const force = setTimeout(() => {
      // Only idle keep-alive sockets left: nothing is lost by closing them now. Otherwise requests
      // (or the catch-up close the database waits for) are still running: give up on them.
      if (inFlight === 0 && !finishing) {
        void finish();
        return;
      }
      logger.error('Shutdown grace ran out; exiting with requests in flight.', undefined, { inFlight });
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    // net.Server's close, not http.Server's: the latter also cuts idle keep-alive sockets at once,
    // racing a client that is just sending on one. Those get `Connection: close` on their next
    // response instead, or are reaped by the keep-alive timeout, and the callback fires when the
    // last connection has ended.
    NetServer.prototype.close.call(server, () => void finish());
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

main();
