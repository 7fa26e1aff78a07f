// The kept public answers served before the app (ADR 0061): a visitor's GET whose answer the app has kept
// (public-answer-cache.ts) is written from the stored bytes and headers by node:http, and so is a visitor's GET of
// today's game while the app's last read of the current game is trusted (current-game-answer.ts, ADR 0065), with what
// DESIGN.md §12 and §14 ask of every response (the security headers, the request id, the access line, the histogram
// sample, Connection: close while draining); every other request goes on to the app. It buys what the app's
// per-request middleware and its Request/Response objects cost (ADR 0055: the app with no middleware at all reaches
// 0.56× of the bare server), measured by `npm run bench:morning` and `npm run bench:http` (docs/performance.md).
//
// A signed-in request (a `sid` cookie or an Authorization header) always goes to the app, which refreshes the
// session's cookie and answers per user where the answer depends on the caller.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './app-env.ts';
import type { CurrentGameAnswer } from './current-game-answer.ts';
import type { Lifecycle } from './lifecycle/lifecycle.ts';
import type { Metrics } from './observability/metrics.ts';
import type { PublicAnswerCache } from './public-answer-cache.ts';
import { apiSecurityHeaders } from './security/security-headers.ts';

const SESSION_COOKIE = /(?:^|;)\s*sid=/;
/** As the app's request log takes a given request id. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The target and route of today's game, answered from the kept current game. */
const TODAY = '/api/game/today';

export interface PublicAnswerFrontParts {
  cache: PublicAnswerCache;
  currentGame: CurrentGameAnswer;
  /** The server's clock, as the app's (today's game carries it). */
  now: () => Date;
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
  currentGame,
  now,
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
    const started = performance.now();
    let route: string;
    let status: number;
    let body: Buffer | string | undefined;
    // Every header in one flat list to writeHead: node:http then writes them as given, without keeping each in the
    // response's own header map first.
    const raw = [...securityHeaders];
    if (request.url === TODAY) {
      const json = currentGame.json(now());
      if (json === null) return false;
      route = TODAY;
      status = 200;
      body = json;
      // As the app sends a JSON answer below the size it compresses (content-encoding.ts).
      raw.push('Vary', 'Accept-Encoding', 'Content-Type', 'application/json');
      raw.push('Content-Length', String(Buffer.byteLength(json)));
    } else {
      const kept = cache.forTarget(request.url);
      if (!kept) return false;
      const answer = cache.respond(kept, headers['accept-encoding'], headers['if-none-match']);
      route = kept.route;
      status = answer.status;
      body = answer.status === 304 ? undefined : answer.body;
      for (const name in answer.headers) raw.push(name, answer.headers[name] ?? '');
    }
    const given = headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    raw.push('X-Request-Id', requestId);
    if (lifecycle.draining) raw.push('Connection', 'close');
    response.writeHead(status, raw);
    response.end(body);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    metrics.httpDuration.observe({ route, method: 'GET', status: String(status) }, ms / 1000);
    logger.request({ requestId, method: 'GET', route, status, ms });
    return true;
  };
};
