// The only place that decides which adapter serves which port: configuration in, container out.
// inversify bindings are plain factories (tsx emits no decorator metadata; see DESIGN.md §2).
import { Container, ContainerModule, type ResolutionContext } from 'inversify';
import { ScryptHasher } from '../adapters/crypto/scrypt-hasher.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { SmtpMailSender } from '../adapters/mail/smtp-sender.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import type { Deps } from '../core/deps.ts';
import type { Clock, PasswordHasher, Random, Store } from '../core/ports.ts';
import type { AppServices, Logger } from './app-env.ts';
import { googleAuthFor, type GoogleAuth } from './auth/google-auth.ts';
import type { ServerConfig } from './config.ts';
import { openStore } from './open-store.ts';
import { RateLimiter } from './security/rate-limit.ts';
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
  /** null: no delivery (mails wait in the outbox). */
  mailSender?: MailSender | null;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error ?? ''),
};

export const buildContainer = async (config: ServerConfig, overrides: ContainerOverrides = {}): Promise<Container> => {
  const store = overrides.store ?? (await openStore(config.databaseUrl));
  const container = new Container();
  container.load(
    new ContainerModule(({ bind }) => {
      const constant = <T>(id: Token<T>, value: T) => bind<T>(id).toConstantValue(value);
      const singleton = <T>(id: Token<T>, make: (ctx: ResolutionContext) => T) =>
        bind<T>(id).toDynamicValue(make).inSingletonScope();

      constant(TOKENS.serverConfig, config);
      constant(TOKENS.gameConfig, config.game);
      constant(TOKENS.store, store);
      constant(TOKENS.clock, overrides.clock ?? systemClock);
      constant(TOKENS.random, overrides.random ?? cryptoRandom);
      constant(TOKENS.logger, overrides.logger ?? consoleLogger);
      singleton(TOKENS.hasher, () => overrides.hasher ?? new ScryptHasher());
      singleton(TOKENS.limiter, () => overrides.limiter ?? new RateLimiter());
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
});
