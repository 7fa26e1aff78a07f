// NUL (U+0000) is never meaningful in this app's text, and PostgreSQL refuses it in text columns
// (a 500 from deep inside a query): it is stopped at the edge with a 400 instead.
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../core/errors.ts';
import type { AppEnv } from '../app-env.ts';

export const NUL_MESSAGE = 'The request contains a character that is not allowed (NUL).';

/**
 * Whether any string inside `value` (keys included) holds a NUL. Walks with an explicit stack, not
 * recursion: a body nested thousands deep must not overflow the call stack (a 500 per request).
 */
export const containsNul = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
};

/** Path parameters and query values are decoded later by the routes: refuse an encoded NUL up front. */
// Not async (here and in the other checks before the routes): one promise less per request and check.
export const noNulInUrl = createMiddleware<AppEnv>((c, next) => {
  if (/%00/i.test(c.req.url)) throw new DomainError('VALIDATION', NUL_MESSAGE);
  return next();
});
