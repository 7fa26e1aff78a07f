// The client's address for per-IP limits and logs (DESIGN.md §14). Behind TRUST_PROXY proxies the
// address is that many hops from the right of X-Forwarded-For: each trusted proxy appends the
// address it saw, so entries further left were written by the client and may be forged.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/** The address `trustProxy` hops back: the socket's own at 0, else from the right of X-Forwarded-For. */
export const clientAddressOf = (
  forwardedFor: string | undefined,
  socketAddress: string,
  trustProxy: number,
): string => {
  if (trustProxy === 0 || forwardedFor === undefined) return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  if (hops.length === 0) return socketAddress;
  // Fewer hops than trusted proxies: the leftmost is the furthest address any proxy vouched for.
  return hops[Math.max(0, hops.length - trustProxy)] ?? socketAddress;
};

/** The peer address; app.request() in tests has no socket, so those share one 'local' key. */
const socketAddressOf = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
};

export const clientAddress = (trustProxy: number) =>
  createMiddleware<AppEnv>((c, next) => {
    c.set('clientIp', clientAddressOf(c.req.header('x-forwarded-for'), socketAddressOf(c), trustProxy));
    return next();
  });
