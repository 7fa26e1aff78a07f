// The kept public answers served before the app (ADR 0061): a visitor's GET whose answer the app has kept
// (public-answer-cache.ts) is written from the stored bytes and headers by node:http, with what DESIGN.md §12 and §14
// ask of every response (the security headers, the request id, the access line, the histogram sample, Connection:
// close while draining); every other request goes on to the app. It buys what the app's per-request middleware and
// its Request/Response objects cost (ADR 0055: the app with no middleware at all reaches 0.56× of the bare server),
// measured by `npm run bench:morning` (docs/performance.md).
//
// A signed-in request (a `sid` cookie or an Authorization header) always goes to the app, which refreshes the
// session's cookie and answers per user where the answer depends on the caller.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './app-env.ts';
import type { Lifecycle } from './lifecycle/lifecycle.ts';
import type { Metrics } from './observability/metrics.ts';
import type { PublicAnswerCache } from './public-answer-cache.ts';
import { apiSecurityHeaders } from './security/security-headers.ts';

const SESSION_COOKIE = /(?:^|;)\s*sid=/;
/** As the app's request log takes a given request id. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

export interface PublicAnswerFrontParts {
  cache: PublicAnswerCache;
  lifecycle: Lifecycle;
  logger: Logger;
  metrics: Metrics;
  /** Whether players reach the server over HTTPS (PUBLIC_URL): Strict-Transport-Security goes with the answers. */
  https: boolean;
}

/** Answers `request` from a kept copy and returns true, or returns false and leaves it to the app. */
export type PublicAnswerFront = (request: IncomingMessage, response: ServerResponse) => boolean;

export const publicAnswerFront = ({
  cache,
  lifecycle,
  logger,
  metrics,
  https,
}: PublicAnswerFrontParts): PublicAnswerFront => {
  const securityHeaders = apiSecurityHeaders(https).flat();
  return (request, response) => {
    if (request.method !== 'GET' || request.url === undefined || !request.url.startsWith('/api/')) return false;
    const { headers } = request;
    if (headers.authorization !== undefined || (headers.cookie !== undefined && SESSION_COOKIE.test(headers.cookie)))
      return false;
    const kept = cache.forTarget(request.url);
    if (!kept) return false;
    const started = performance.now();
    const given = headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    const answer = cache.respond(kept, headers['accept-encoding'], headers['if-none-match']);
    // Every header in one flat list to writeHead: node:http then writes them as given, without keeping each in the
    // response's own header map first.
    const raw = [...securityHeaders, 'X-Request-Id', requestId];
    for (const name in answer.headers) raw.push(name, answer.headers[name] ?? '');
    if (lifecycle.draining) raw.push('Connection', 'close');
    response.writeHead(answer.status, raw);
    response.end(answer.status === 304 ? undefined : answer.body);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    metrics.httpDuration.observe({ route: kept.route, method: 'GET', status: String(answer.status) }, ms / 1000);
    logger.request({ requestId, method: 'GET', route: kept.route, status: answer.status, ms });
    return true;
  };
};
