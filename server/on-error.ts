// The one error handler: domain errors and the edge's HTTPExceptions through the status table, the database out of
// reach as a 503 to come back to (DESIGN.md §20), anything unexpected as a logged 500 with a generic message.
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDomainError, isStoreUnavailable } from '../core/errors.ts';
import type { ApiError } from './routes/shared.schemas.ts';
import type { AppEnv, Logger } from './app-env.ts';
import { errorStatus, isApiErrorCode } from './error-status.ts';

/** Hono's own exceptions carry no code (a malformed JSON body is a 400): named after their status. */
const codeOfStatus: Partial<Record<number, string>> = {
  400: 'VALIDATION',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

export const UNAVAILABLE_MESSAGE = 'The game is briefly unavailable. Please try again in a moment.';

/** Seconds a client waits before it tries again: about what a database restart takes. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export const errorHandler =
  (logger: Logger): ErrorHandler<AppEnv> =>
  (err, c) => {
    if (isDomainError(err)) {
      // Details come first so they can never overwrite the message or the code.
      const body: ApiError = { ...(err.details ?? {}), error: err.message, code: err.code };
      return c.json(body, errorStatus[err.code]);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = isApiErrorCode(err.cause) ? err.cause : (codeOfStatus[err.status] ?? `HTTP_${err.status}`);
      return c.json(
        { error: err.message || 'Bad request.', code } satisfies ApiError,
        err.status,
        err.res && Object.fromEntries(err.res.headers),
      );
    }
    if (isStoreUnavailable(err)) {
      logger.warn(`${c.req.method} ${c.req.path}: the database is unavailable`, {
        reason: err.cause instanceof Error ? err.cause.message : err.message,
      });
      return c.json({ error: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' } satisfies ApiError, errorStatus.UNAVAILABLE, {
        'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
      });
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, err);
    return c.json(
      { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ApiError,
      500,
    );
  };
