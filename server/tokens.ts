// The composition root's service identifiers, typed so `resolve` returns the bound type.
import type { Container } from 'inversify';
import type { GameConfig } from '../core/config.ts';
import type { Deps } from '../core/deps.ts';
import type { Clock, PasswordHasher, Random, Store } from '../core/ports.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import type { Logger } from './app-env.ts';
import type { GoogleAuth } from './auth/google-auth.ts';
import type { ServerConfig } from './config.ts';
import type { RateLimiter } from './security/rate-limit.ts';

declare const bound: unique symbol;
export type Token<T> = symbol & { readonly [bound]?: T };
const token = <T>(name: string): Token<T> => Symbol(name) as Token<T>;

export const TOKENS = {
  serverConfig: token<ServerConfig>('ServerConfig'),
  gameConfig: token<GameConfig>('GameConfig'),
  store: token<Store>('Store'),
  clock: token<Clock>('Clock'),
  random: token<Random>('Random'),
  hasher: token<PasswordHasher>('PasswordHasher'),
  deps: token<Deps>('Deps'),
  googleAuth: token<GoogleAuth | null>('GoogleAuth'),
  limiter: token<RateLimiter>('RateLimiter'),
  logger: token<Logger>('Logger'),
  mailSender: token<MailSender | null>('MailSender'),
} as const;

export const resolve = <T>(container: Container, id: Token<T>): T => container.get<T>(id);
