// The one error handler: domain errors through the status table, edge problems as they are,
// anything unexpected as a logged 500 with a generic message.
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { isDomainError } from '../core/errors.ts';
import type { ApiError } from './contract.ts';
import type { AppEnv, Logger } from './app-env.ts';
import { errorStatus } from './error-status.ts';
import { HttpProblem } from './http-problem.ts';
import { firstIssueMessage } from './validation.ts';

export const errorHandler =
  (logger: Logger): ErrorHandler<AppEnv> =>
  (err, c) => {
    if (isDomainError(err)) {
      // Details come first so they can never overwrite the message or the code.
      const body: ApiError = { ...(err.details ?? {}), error: err.message, code: err.code };
      return c.json(body, errorStatus[err.code]);
    }
    if (err instanceof HttpProblem) return c.json({ error: err.message, code: err.code } satisfies ApiError, err.status, err.headers);
    if (err instanceof z.ZodError) return c.json({ error: firstIssueMessage(err), code: 'VALIDATION' } satisfies ApiError, 400);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error: err.message || 'Bad request.', code: 'HTTP_' + err.status } satisfies ApiError, err.status);
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, err);
    return c.json({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ApiError, 500);
  };
