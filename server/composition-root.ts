// The one place that decides which adapter serves which port, for the server and the CLI alike: configuration in,
// services out. Plain functions: every service is built once, in the order below (docs/adr/0012-a-composition-root-of-plain-functions.md).
import { LimitedHasher } from '../adapters/crypto/limited-hasher.ts';
import { ScryptHasher } from '../adapters/crypto/scrypt-hasher.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { threadTreeFolder } from '../adapters/crypto/tree-fold-thread.ts';
import { migrate } from '../adapters/sql/migrate.ts';
import { sqlRateWindows } from '../adapters/sql/rate-windows.ts';
import { SmtpMailSender } from '../adapters/mail/smtp-sender.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import { mailQueueStatus } from '../core/mail/deliver-mails.ts';
import type { Deps } from '../core/deps.ts';
import type { PayoutStatus } from '../core/model.ts';
import type { Clock, Digest, PasswordHasher, Random, Store } from '../core/ports.ts';
import type { AppServices, Logger } from './app-env.ts';
import { googleAuthFor, type GoogleAuth } from './auth/google-auth.ts';
import type { ServerConfig } from './config.ts';
import { Lifecycle } from './lifecycle/lifecycle.ts';
import { pinoLogger } from './observability/logger.ts';
import { Metrics, type OutboxCounts } from './observability/metrics.ts';
import { isPostgresUrl, openStore, type OpenedStore } from './open-store.ts';
import { GuessLimitedHasher } from './security/password-guesses.ts';
import { MemoryRateLimiter, SharedRateLimiter, type RateLimiter } from './security/rate-limit.ts';
import { cryptoRandom, systemClock } from './system-ports.ts';

/** Replacements for tests (and the CLI's settable clock): any port given here is used instead of the real one. */
/** The Digest port for work that opens no store (the CLI's remote audit). */
export const systemDigest: Digest = nodeDigest;

export interface CoreOverrides {
  store?: Store;
  clock?: Clock;
  random?: Random;
  hasher?: PasswordHasher;
  /** null: no delivery (mails wait in the outbox). */
  mailSender?: MailSender | null;
}

/** What the use cases run on, for the server and the CLI. */
export interface CoreServices {
  deps: Deps;
  store: Store;
  /** The SQL store DATABASE_URL opened (null when a test gave its own store): rate windows, migrations, backups. */
  sql: OpenedStore | null;
  /** The SMTP sender when SMTP_URL is set; null means mails wait in the outbox. */
  mailSender: MailSender | null;
  /** Runs the pending migrations of the SQL store (opening one already did). */
  migrate(): Promise<void>;
}

export const composeCore = async (
  config: ServerConfig,
  overrides: CoreOverrides = {},
): Promise<CoreServices> => {
  const sql = overrides.store ? null : await openStore(config.databaseUrl, { pgPoolSize: config.pgPoolSize });
  const store = overrides.store ?? (sql as OpenedStore);
  const deps: Deps = {
    store,
    clock: overrides.clock ?? systemClock,
    random: overrides.random ?? cryptoRandom,
    // scrypt at most 2 at a time per process (DESIGN.md §14).
    hasher: overrides.hasher ?? new LimitedHasher(new ScryptHasher()),
    digest: nodeDigest,
    treeFolder: threadTreeFolder(),
    config: config.game,
  };
  const mailSender =
    overrides.mailSender !== undefined ? overrides.mailSender : config.mail.smtpUrl ? new SmtpMailSender(config.mail.smtpUrl, config.mail.from) : null;
  return {
    deps,
    store,
    sql,
    mailSender,
    migrate: async () => {
      if (sql !== null) await migrate(sql.db);
    },
  };
};

/** The server's replacements: the core's, plus what only the HTTP side has. */
export interface ServerOverrides extends CoreOverrides {
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
export const INTEGRITY_KEY_UNSET = 'INTEGRITY_KEY is not set: integrity signals are hashed with a key stored in the database.';

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
  const core = await composeCore(config, overrides);
  const { store, sql, mailSender } = core;
  const millis = () => core.deps.clock.now().getTime();
  // With PostgreSQL several instances may serve one game: they count limits together.
  const limiter =
    overrides.limiter ??
    (sql !== null && isPostgresUrl(config.databaseUrl) ? new SharedRateLimiter(sqlRateWindows(sql.db), undefined, millis) : new MemoryRateLimiter(undefined, millis));
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
  if (config.game.integrityKey === null) logger.warn(INTEGRITY_KEY_UNSET);
  return {
    deps,
    config,
    googleAuth,
    limiter,
    logger,
    metrics,
    lifecycle: overrides.lifecycle ?? new Lifecycle('ready'),
    store,
    mailSender,
  };
};
