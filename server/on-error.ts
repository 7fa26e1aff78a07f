// The one error handler: domain errors and the edge's HTTPExceptions through the status table,
// anything unexpected as a logged 500 with a generic message.
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDomainError } from '../core/errors.ts';
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
    logger.error(`${c.req.method} ${c.req.path} failed`, err);
    return c.json(
      { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ApiError,
      500,
    );
  };
