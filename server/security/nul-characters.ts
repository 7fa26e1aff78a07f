// NUL (U+0000) is never meaningful in this app's text, and PostgreSQL refuses it in text columns
// (a 500 from deep inside a query): it is stopped at the edge with a 400 instead.
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../core/errors.ts';
import type { AppEnv } from '../app-env.ts';

export const NUL_MESSAGE = 'The request contains a character that is not allowed (NUL).';

/** Whether any string inside `value` (keys included) holds a NUL. */
export const containsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  }
  return false;
};

/** Path parameters and query values are decoded later by the routes: refuse an encoded NUL up front. */
export const noNulInUrl = createMiddleware<AppEnv>(async (c, next) => {
  if (/%00/i.test(c.req.url)) throw new DomainError('VALIDATION', NUL_MESSAGE);
  return next();
});
