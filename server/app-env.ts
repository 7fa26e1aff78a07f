// The Hono environment of every route: the signed-in user (or null) set by the session middleware,
// and the services the routes translate to.
import type { Deps } from '../core/deps.ts';
import type { User } from '../core/model.ts';
import type { GoogleAuth } from './auth/google-auth.ts';
import type { ServerConfig } from './config.ts';
import type { RateLimiter } from './security/rate-limit.ts';

export interface AppEnv {
  Variables: {
    user: User | null;
  };
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface AppServices {
  deps: Deps;
  config: ServerConfig;
  /** null in development sign-in mode. */
  googleAuth: GoogleAuth | null;
  limiter: RateLimiter;
  logger: Logger;
}
