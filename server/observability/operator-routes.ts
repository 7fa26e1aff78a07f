// The operators' endpoints (DESIGN.md §14): liveness, readiness, Prometheus metrics.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { ApiError } from '../routes/shared.schemas.ts';
import type { AppEnv } from '../app-env.ts';
import type { Lifecycle } from '../lifecycle/lifecycle.ts';
import type { Metrics } from './metrics.ts';

export interface OperatorOptions {
  lifecycle: Lifecycle;
  /** A cheap database round trip; null while the store is not open yet. */
  ping: (() => Promise<unknown>) | null;
  /** Whether the database takes writes (SQLite); absent where the ping says enough. */
  writable?: () => Promise<boolean>;
  metrics: Metrics | null;
  metricsToken: string | null;
  /** Without a token, whether /metrics answers loopback clients only (a server the internet reaches). */
  metricsLoopbackOnly: boolean;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address));

const PING_TIMEOUT_MS = 2_000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const operatorRoutes = ({
  lifecycle,
  ping,
  writable,
  metrics,
  metricsToken,
  metricsLoopbackOnly,
}: OperatorOptions) =>
  new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      c.header('Cache-Control', 'no-store');
      if (lifecycle.phase !== 'ready' || ping === null) return c.json({ status: lifecycle.phase }, 503);
      try {
        await withTimeout(ping(), PING_TIMEOUT_MS);
      } catch {
        return c.json({ status: 'database-unavailable' }, 503);
      }
      // A database that answers reads but refuses writes (full, read-only) would fail every pick.
      if (writable && !(await withTimeout(writable(), PING_TIMEOUT_MS).catch(() => false)))
        return c.json({ status: 'database-not-writable' }, 503);
      return c.json({ status: 'ready' });
    })
    .get('/metrics', async (c) => {
      if (metricsToken !== null) {
        const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
        if (!sameSecret(given, metricsToken)) {
          c.header('WWW-Authenticate', 'Bearer');
          return c.json(
            { error: 'The metrics need a valid bearer token.', code: 'UNAUTHENTICATED' } satisfies ApiError,
            401,
          );
        }
      } else if (metricsLoopbackOnly && !isLoopbackAddress(c.get('clientIp'))) {
        return c.json(
          {
            error: 'The metrics answer this machine only; set METRICS_TOKEN to read them from elsewhere.',
            code: 'FORBIDDEN',
          } satisfies ApiError,
          403,
        );
      }
      if (metrics === null)
        return c.json({ error: 'The server is starting.', code: 'STARTING' } satisfies ApiError, 503);
      return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
    });
