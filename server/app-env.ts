// The Hono environment of every route: the signed-in user (or null) set by the session middleware,
// the client's address and the request id, and the services the routes translate to.
import type { Deps } from '../core/deps.ts';
import type { GoogleAuth } from './auth/google-auth.ts';
import type { ServerConfig } from './config.ts';
import type { CurrentGameAnswer } from './current-game-answer.ts';
import type { Lifecycle } from './lifecycle/lifecycle.ts';
import type { Metrics } from './observability/metrics.ts';
import type { RequestVariables } from './request-variables.ts';
import type { PublicAnswerCache } from './public-answer-cache.ts';
import type { RateLimiter } from './security/rate-limit.ts';

export interface AppEnv {
  Variables: RequestVariables;
}

/** Structured fields of a log line; pino's `redact` removes secrets that slip into them. */
export type LogFields = Record<string, unknown>;

/**
 * The logging the server needs: pino in production (JSON lines at levels debug 20, info 30, warn 40, error 50;
 * LOG_LEVEL drops the lower ones), a collecting fake in tests.
 */
/** The access line of one request: its fields are fixed here and none can hold a secret. */
export interface RequestLine {
  requestId: string;
  method: string;
  /** Hono's route pattern, never the raw path (which can carry codes). */
  route: string;
  status: number;
  ms: number;
}

export interface Logger {
  /** The `request` line, at level info. */
  request(line: RequestLine): void;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown, fields?: LogFields): void;
}

export interface AppServices {
  deps: Deps;
  config: ServerConfig;
  /** null in development sign-in mode. */
  googleAuth: GoogleAuth | null;
  limiter: RateLimiter;
  logger: Logger;
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** Whether the database takes writes (SQLite full or read-only: not), for /readyz; absent where always so. */
  databaseWritable?: () => Promise<boolean>;
  /** The kept copies of the public answers every player reads the same (public-answer-cache.ts). */
  publicAnswers: PublicAnswerCache;
  /** The current game the app last read, for GET /api/game/today before the app (current-game-answer.ts). */
  currentGameAnswer: CurrentGameAnswer;
}
