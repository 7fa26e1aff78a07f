// The only place that decides which adapter serves which port: configuration in, container out.
// inversify bindings are plain factories (tsx emits no decorator metadata; see DESIGN.md §2).
import { Container, ContainerModule, type ResolutionContext } from 'inversify';
import { LimitedHasher } from '../adapters/crypto/limited-hasher.ts';
import { ScryptHasher } from '../adapters/crypto/scrypt-hasher.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { sqlRateWindows } from '../adapters/sql/rate-windows.ts';
import { SmtpMailSender } from '../adapters/mail/smtp-sender.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import { mailQueueStatus } from '../core/mail/deliver-mails.ts';
import type { Deps } from '../core/deps.ts';
import type { PayoutStatus } from '../core/model.ts';
import type { Clock, PasswordHasher, Random, Store } from '../core/ports.ts';
import type { AppServices, Logger } from './app-env.ts';
import { googleAuthFor, type GoogleAuth } from './auth/google-auth.ts';
import type { ServerConfig } from './config.ts';
import { Lifecycle } from './lifecycle/lifecycle.ts';
import { pinoLogger } from './observability/logger.ts';
import { Metrics, type OutboxCounts } from './observability/metrics.ts';
import { isPostgresUrl, openStore } from './open-store.ts';
import { MemoryRateLimiter, SharedRateLimiter, type RateLimiter } from './security/rate-limit.ts';
import { cryptoRandom, systemClock } from './system-ports.ts';
import { resolve, TOKENS, type Token } from './tokens.ts';

/** Replacements for tests: any port or service given here is bound instead of the real one. */
export interface ContainerOverrides {
  store?: Store;
  clock?: Clock;
  random?: Random;
  hasher?: PasswordHasher;
  googleAuth?: GoogleAuth | null;
  limiter?: RateLimiter;
  logger?: Logger;
  /** Defaults to ready: main.ts passes the one it started listening with. */
  lifecycle?: Lifecycle;
  /** The outbox gauges' source (defaults to the outbox's size as backlog). */
  collectOutbox?: () => Promise<OutboxCounts>;
  /** Node's process metrics (default on); tests building many apps turn them off. */
  processMetrics?: boolean;
  /** null: no delivery (mails wait in the outbox). */
  mailSender?: MailSender | null;
}

const payoutCountsOf = (store: Store) => async (): Promise<Partial<Record<PayoutStatus, number>>> => {
  const payouts = await store.read((repos) => repos.payouts.list());
  const counts: Partial<Record<PayoutStatus, number>> = {};
  for (const payout of payouts) counts[payout.status] = (counts[payout.status] ?? 0) + 1;
  return counts;
};

export const buildContainer = async (config: ServerConfig, overrides: ContainerOverrides = {}): Promise<Container> => {
  const clock = overrides.clock ?? systemClock;
  const millis = () => clock.now().getTime();
  let store: Store;
  let limiter: RateLimiter;
  if (overrides.store) {
    store = overrides.store;
    limiter = overrides.limiter ?? new MemoryRateLimiter(undefined, millis);
  } else {
    const opened = await openStore(config.databaseUrl, { pgPoolSize: config.pgPoolSize });
    store = opened;
    // With PostgreSQL several instances may serve one game: they count limits together.
    limiter =
      overrides.limiter ??
      (isPostgresUrl(config.databaseUrl) ? new SharedRateLimiter(sqlRateWindows(opened.db), undefined, millis) : new MemoryRateLimiter(undefined, millis));
  }
  const container = new Container();
  container.load(
    new ContainerModule(({ bind }) => {
      const constant = <T>(id: Token<T>, value: T) => bind<T>(id).toConstantValue(value);
      const singleton = <T>(id: Token<T>, make: (ctx: ResolutionContext) => T) =>
        bind<T>(id).toDynamicValue(make).inSingletonScope();

      constant(TOKENS.serverConfig, config);
      constant(TOKENS.gameConfig, config.game);
      constant(TOKENS.store, store);
      constant(TOKENS.clock, clock);
      constant(TOKENS.random, overrides.random ?? cryptoRandom);
      constant(TOKENS.logger, overrides.logger ?? pinoLogger(config.logLevel));
      constant(TOKENS.lifecycle, overrides.lifecycle ?? new Lifecycle('ready'));
      constant(TOKENS.limiter, limiter);
      singleton(TOKENS.hasher, () => overrides.hasher ?? new LimitedHasher(new ScryptHasher()));
      singleton(
        TOKENS.metrics,
        () =>
          new Metrics(
            {
              collectOutbox: overrides.collectOutbox ?? (() => mailQueueStatus({ store })),
              collectPayouts: payoutCountsOf(store),
              lastCloseAt: async () => {
                const last = await store.read((repos) => repos.games.latestClosed());
                return last?.closedAt ? new Date(last.closedAt) : null;
              },
            },
            { processMetrics: overrides.processMetrics ?? true },
          ),
      );
      singleton(TOKENS.googleAuth, () => {
        if (overrides.googleAuth !== undefined) return overrides.googleAuth;
        if (config.authMode !== 'google' || !config.google) return null;
        return googleAuthFor(config.google.clientId, config.google.clientSecret, `${config.publicUrl}/auth/google/callback`);
      });
      singleton(TOKENS.mailSender, () => {
        if (overrides.mailSender !== undefined) return overrides.mailSender;
        return config.mail.smtpUrl ? new SmtpMailSender(config.mail.smtpUrl, config.mail.from) : null;
      });
      singleton<Deps>(TOKENS.deps, (ctx) => ({
        store: ctx.get<Store>(TOKENS.store),
        clock: ctx.get<Clock>(TOKENS.clock),
        random: ctx.get<Random>(TOKENS.random),
        hasher: ctx.get<PasswordHasher>(TOKENS.hasher),
        digest: nodeDigest,
        config: config.game,
      }));
    }),
  );
  return container;
};

/** What the HTTP layer needs, read once from the container. */
export const servicesOf = (container: Container): AppServices => ({
  deps: resolve(container, TOKENS.deps),
  config: resolve(container, TOKENS.serverConfig),
  googleAuth: resolve(container, TOKENS.googleAuth),
  limiter: resolve(container, TOKENS.limiter),
  logger: resolve(container, TOKENS.logger),
  metrics: resolve(container, TOKENS.metrics),
  lifecycle: resolve(container, TOKENS.lifecycle),
});
