// The one place that decides which adapter serves which port, for the server, the CLI and the test harnesses alike:
// configuration in, an inversify container loaded with one module per adapter family (server/container/), services
// out. A test replaces a port with `container.rebind(Port).toConstantValue(…)` before asking for the services.
import { Container, type ContainerModule } from 'inversify';
import { nodeEd25519 } from '../adapters/crypto/ed25519.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { migrate } from '../adapters/sql/migrate.ts';
import { migrations } from '../adapters/sql/migrations/index.ts';
import { sqlRateWindows } from '../adapters/sql/rate-windows.ts';
import type { SignatureVerifier } from '../core/fairness/ports.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import { mailQueueStatus } from '../core/mail/deliver-mails.ts';
import type { Deps } from '../core/deps.ts';
import type { PayoutStatus } from '../core/model.ts';
import type { Digest, Store } from '../core/ports.ts';
import type { AppServices, Logger } from './app-env.ts';
import { googleAuthFor, type GoogleAuth } from './auth/google-auth.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { coreModule } from './container/core-module.ts';
import { outboxOnlyMailModule, smtpMailModule } from './container/mail-module.ts';
import { memoryModule } from './container/memory-module.ts';
import { systemModule } from './container/system-module.ts';
import { DepsPort, MailSenderPort, SqlStorePort, type OpenedStore } from './container/tokens.ts';
import { Lifecycle } from './lifecycle/lifecycle.ts';
import { PublicAnswerCache } from './public-answer-cache.ts';
import { CurrentGameAnswer } from './current-game-answer.ts';
import { closeInstantAfter, closeInstantBefore } from '../core/game/calendar.ts';
import { publicGeneration } from '../core/game/game-views.ts';
import { pinoLogger } from './observability/logger.ts';
import { Metrics, type OutboxCounts } from './observability/metrics.ts';
import { isPostgresUrl, storeModuleFor } from './open-store.ts';
import { GuessLimitedHasher } from './security/password-guesses.ts';
import { MemoryRateLimiter, SharedRateLimiter, type RateLimiter } from './security/rate-limit.ts';

/** The Digest port for work that opens no store (the CLI's remote audit). */
export const systemDigest: Digest = nodeDigest;

/** The SignatureVerifier port for the same work: a receipt's Ed25519 signature (the CLI's remote audit). */
export const systemSignatureVerifier: SignatureVerifier = nodeEd25519;

/** `lowest restore`: putting a SQLite backup back is a file operation before any store is opened. */
export { restoreSqliteFile, RestoreRefusedError } from '../adapters/sqlite/restore.ts';
/** The migrations this release knows, by name, oldest first: a backup listing another is not this release's. */
export const knownMigrations = (): string[] => Object.keys(migrations);

const mailModuleFor = (mail: ServerConfig['mail']): ContainerModule =>
  mail.smtpUrl ? smtpMailModule(mail.smtpUrl, mail.from) : outboxOnlyMailModule;

/** The modules the configuration names: the machine's ports, the store of DATABASE_URL, the mail sender, the game settings. */
export const modulesFor = async (config: ServerConfig): Promise<ContainerModule[]> => [
  systemModule,
  await storeModuleFor(config.databaseUrl, { pgPoolSize: config.pgPoolSize }),
  mailModuleFor(config.mail),
  coreModule(config.game),
];

/** A container loaded with the configuration's modules: the SQL store is open and migrated when it resolves. */
export const containerFor = async (config: ServerConfig): Promise<Container> => {
  const container = new Container();
  await container.loadAsync(...(await modulesFor(config)));
  return container;
};

/**
 * The core on the in-memory store and the machine's other ports, for tests and demos: rebind any port, then
 * `get(DepsPort)`. The configuration defaults to an empty environment's (no SMTP: mails wait in the outbox).
 */
export const coreOnMemory = (config: ServerConfig = loadConfig({})): Container => {
  const container = new Container();
  container.load(systemModule, memoryModule, mailModuleFor(config.mail), coreModule(config.game));
  return container;
};

/** What the use cases run on, for the server and the CLI. */
export interface CoreServices {
  deps: Deps;
  store: Store;
  /** The SQL store DATABASE_URL opened (null on the memory store): rate windows, migrations, backups. */
  sql: OpenedStore | null;
  /** The SMTP sender when SMTP_URL is set; null means mails wait in the outbox. */
  mailSender: MailSender | null;
  /** Runs the pending migrations of the SQL store (opening one already did). */
  migrate(): Promise<void>;
}

/** The core's services out of a loaded container. */
export const composeCore = (container: Container): CoreServices => {
  const deps = container.get(DepsPort);
  const sql = container.isBound(SqlStorePort) ? container.get(SqlStorePort) : null;
  return {
    deps,
    store: deps.store,
    sql,
    mailSender: container.get(MailSenderPort),
    migrate: async () => {
      if (sql !== null) await migrate(sql.db);
    },
  };
};

/** The server's replacements: its container (containerFor(config) by default), and what only the HTTP side has. */
export interface ServerOverrides {
  container?: Container;
  googleAuth?: GoogleAuth | null;
  limiter?: RateLimiter;
  logger?: Logger;
  /** Defaults to ready: main.ts passes the one it started listening with. */
  lifecycle?: Lifecycle;
  /** The outbox gauges' source (defaults to the outbox's size as backlog). */
  collectOutbox?: () => Promise<OutboxCounts>;
  /** Node's process metrics (default on); tests building many apps turn them off. */
  processMetrics?: boolean;
}

/** Logged once at start: the hashes stay safe only while the database does (DESIGN.md §18). */
export const INTEGRITY_KEY_UNSET =
  'INTEGRITY_KEY is not set: integrity signals are hashed with a key stored in the database.';

/** Logged once at start: who copies the database could sign receipts (DESIGN.md §16). */
export const RECEIPT_SIGNING_KEY_UNSET =
  'RECEIPT_SIGNING_KEY is not set: receipts are signed with a key stored in the database, so a stolen copy of it could forge receipts.';

export interface ServerServices extends AppServices {
  store: Store;
  mailSender: MailSender | null;
}

const payoutCountsOf = (store: Store) => async (): Promise<Partial<Record<PayoutStatus, number>>> => {
  const payouts = await store.read((repos) => repos.payouts.list());
  const counts: Partial<Record<PayoutStatus, number>> = {};
  for (const payout of payouts) counts[payout.status] = (counts[payout.status] ?? 0) + 1;
  return counts;
};

export const composeServer = async (config: ServerConfig, overrides: ServerOverrides = {}): Promise<ServerServices> => {
  const core = composeCore(overrides.container ?? (await containerFor(config)));
  const { store, sql, mailSender } = core;
  const millis = () => core.deps.clock.now().getTime();
  // With PostgreSQL several instances may serve one game: they count limits together.
  const limiter =
    overrides.limiter ??
    (sql !== null && isPostgresUrl(config.databaseUrl)
      ? new SharedRateLimiter(sqlRateWindows(sql.db), undefined, millis)
      : new MemoryRateLimiter(undefined, millis));
  // Wrong guild passwords count in the same limiter's windows, shared by the instances like the request limits.
  const deps: Deps = { ...core.deps, hasher: new GuessLimitedHasher(core.deps.hasher, limiter) };
  const metrics = new Metrics(
    {
      collectOutbox: overrides.collectOutbox ?? (() => mailQueueStatus({ store })),
      collectPayouts: payoutCountsOf(store),
      lastCloseAt: async () => {
        const last = await store.read((repos) => repos.games.latestClosed());
        return last?.closedAt ? new Date(last.closedAt) : null;
      },
    },
    { processMetrics: overrides.processMetrics ?? true },
  );
  const googleAuth =
    overrides.googleAuth !== undefined
      ? overrides.googleAuth
      : config.authMode === 'google' && config.google
        ? googleAuthFor(config.google.clientId, config.google.clientSecret, `${config.publicUrl}/auth/google/callback`)
        : null;
  const logger = overrides.logger ?? pinoLogger(config.logLevel);
  const writable = sql?.writable;
  sql?.onCheckpointFailure?.((error) => {
    metrics.checkpointFailures.inc();
    logger.error('The WAL checkpoint failed', error);
  });
  if (config.game.integrityKey === null) logger.warn(INTEGRITY_KEY_UNSET);
  if (config.game.receiptSigningKey === null) logger.warn(RECEIPT_SIGNING_KEY_UNSET);
  const publicAnswers = new PublicAnswerCache({
    readGeneration: () => store.read(publicGeneration),
    now: () => deps.clock.now(),
    secondsUntilNextClose: (latestClose, now) => {
      const next = closeInstantAfter(now, config.game);
      // A deadline has passed and no close has followed yet (it is running, or due): the answer changes with it.
      if (latestClose !== null && latestClose < closeInstantBefore(next, config.game).toISOString()) return 0;
      return (next.getTime() - now.getTime()) / 1000;
    },
  });
  return {
    deps,
    config,
    googleAuth,
    publicAnswers,
    currentGameAnswer: new CurrentGameAnswer({ config: config.game }),
    limiter,
    logger,
    metrics,
    lifecycle: overrides.lifecycle ?? new Lifecycle('ready'),
    ...(writable ? { databaseWritable: writable } : {}),
    store,
    mailSender,
  };
};
