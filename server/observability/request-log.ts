// One log line and one histogram sample per request, labelled with Hono's route pattern (never the
// raw path, which would explode the label set and could carry codes); plus one line per admin money
// action. Runs first, so it sees every response, including those of the security middleware.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Logger } from '../app-env.ts';
import type { Metrics } from './metrics.ts';
import { setResponseHeader } from '../node-response.ts';

/** Operator endpoints are scraped every few seconds: measured, but not logged. */
const UNLOGGED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** Prize settings and payout reviews: each change of money gets its own audit line. */
const isAdminMoneyAction = (method: string, route: string): boolean =>
  method !== 'GET' && (route.startsWith('/api/prizes/config') || route === '/api/prizes/admin/payouts/:id');

/** Body fields worth an audit line; notes, names and e-mails stay out of the log. */
const AUDITED_FIELDS = [
  'status',
  'paymentReference',
  'amountCents',
  'amount',
  'currency',
  'date',
  'dayOfWeek',
  'isActive',
];

const REQUEST_ID = /^[\w.:-]{1,64}$/;

const auditedBody = async (c: Context<AppEnv>): Promise<Record<string, unknown>> => {
  try {
    const body: unknown = JSON.parse(await c.req.text());
    if (typeof body !== 'object' || body === null) return {};
    return Object.fromEntries(
      Object.entries(body).filter(([key, value]) => AUDITED_FIELDS.includes(key) && typeof value !== 'object'),
    );
  } catch {
    return {};
  }
};

export const requestLog = (logger: Logger, metrics: Metrics) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    await next();
    setResponseHeader(c, 'X-Request-Id', requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const { method } = c.req;
    // After next() routePath is the pattern of the last handler that ran: a route, or the
    // middleware that answered (e.g. '/api/*' for a 404). Always a registered pattern.
    const route = c.req.routePath;
    const status = c.res.status;
    metrics.httpDuration.observe({ route, method, status: String(status) }, ms / 1000);
    if (method === 'POST' && route === '/api/entry' && status === 201) metrics.entriesSubmitted.inc();
    if (UNLOGGED_ROUTES.has(route)) return;
    logger.request({ requestId, method, route, status, ms });
    if (status < 400 && isAdminMoneyAction(method, route)) {
      logger.info('admin money action', {
        requestId,
        adminId: c.get('user')?.id ?? null,
        action: `${method} ${route}`,
        params: c.req.param(),
        changes: await auditedBody(c),
        status,
      });
    }
  });
