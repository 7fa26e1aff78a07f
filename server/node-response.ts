// Response headers added by middleware after the handler has answered, set where they cost least.
import { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** Node's response when @hono/node-server serves this request; null under app.request() (tests). */
export const nodeResponseOf = (c: Context): ServerResponse | null => {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('outgoing' in env)) return null;
  return env.outgoing instanceof ServerResponse && !env.outgoing.headersSent ? env.outgoing : null;
};

/**
 * Sets a header on this request's response, once the handler has answered; the response's own header of that name,
 * if any, wins. Served by @hono/node-server it goes on Node's ServerResponse, which writeHead merges with the
 * response's headers: the response stays the plain string @hono/node-server writes directly. Set on the Hono
 * response instead, every response would become a web Headers object (and Hono's `c.header()` on a finished response
 * rebuilds it as a stream), which cost more than the routes' own work.
 */
export const setResponseHeader = (c: Context, name: string, value: string): void => {
  const node = nodeResponseOf(c);
  if (node) {
    node.setHeader(name, value);
    return;
  }
  const headers = c.res.headers;
  if (!headers.has(name)) headers.set(name, value);
};
