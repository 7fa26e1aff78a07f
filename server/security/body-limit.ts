// The request body's size limit (413 beyond it). A declared Content-Length is checked without touching the body:
// Node's parser never reads past it, so the body cannot be longer. Only a body of unknown length (chunked, or a
// Request built in a test) goes through Hono's bodyLimit, which counts it as it streams.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

export const bodyLimit = (maxSize: number, onError: (c: Context<AppEnv>) => Response) => {
  const streaming: MiddlewareHandler<AppEnv> = streamingBodyLimit({ maxSize, onError });
  return createMiddleware<AppEnv>((c, next) => {
    // GET and HEAD bodies are never read (and @hono/node-server does not pass them on).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? Promise.resolve(onError(c)) : next();
    }
    return streaming(c, next);
  });
};
