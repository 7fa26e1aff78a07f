// How a route is declared: its method, path, schemas and answers in one `apiRoute(...)`, from which
// @hono/zod-openapi validates the request, types the handler and writes the OpenAPI document.
import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { errorStatus, type ApiErrorCode } from './error-status.ts';
import { validationHook } from './validation.ts';

/** Who may call a route; the sub-app's guard enforces it, the document states it (401, 403, the session cookie). */
export type Access = 'public' | 'player' | 'admin';

export const SESSION_SCHEME = 'session';

/** The error body `{error, code}` of one status, with the codes it can carry there. */
const errorBody = (codes: readonly [ApiErrorCode, ...ApiErrorCode[]]) =>
  z
    .object({ error: z.string().openapi({ description: 'A message for people.' }), code: z.enum(codes) })
    .catchall(z.unknown())
    .openapi({ description: 'Some errors carry more fields (a disabled prize: status, message, dayOfWeek).' });

/** The failures every route can meet at the edge, whatever it does. */
const edgeFailures = (method: RouteConfig['method']): ApiErrorCode[] =>
  method === 'get'
    ? ['INTERNAL', 'UNAVAILABLE']
    : ['VALIDATION', 'CROSS_SITE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INTERNAL', 'UNAVAILABLE'];

const accessFailures: Record<Access, ApiErrorCode[]> = {
  public: [],
  player: ['UNAUTHENTICATED'],
  admin: ['UNAUTHENTICATED', 'FORBIDDEN'],
};

/** A 429 says when to come back (draft-ietf-httpapi-ratelimit-headers). */
const rateLimitHeaders = {
  'Retry-After': { description: 'Seconds until the refused window ends.', schema: { type: 'integer' as const } },
  RateLimit: {
    description: 'The refused policy: `"name";r=remaining;t=seconds`.',
    schema: { type: 'string' as const },
  },
  'RateLimit-Policy': {
    description: 'Its quota: `"name";q=requests;w=window seconds`.',
    schema: { type: 'string' as const },
  },
};

/** A 503: the database is out of reach for a moment (DESIGN.md §20). */
const unavailableHeaders = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' as const } },
};

/** The error responses of a route, one per status, each listing its codes. */
const errorResponses = (codes: readonly ApiErrorCode[]): RouteConfig['responses'] => {
  const byStatus = new Map<number, [ApiErrorCode, ...ApiErrorCode[]]>();
  for (const code of new Set(codes)) {
    const status = errorStatus[code];
    const known = byStatus.get(status);
    if (known) known.push(code);
    else byStatus.set(status, [code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: list.join(', '),
        ...(status === errorStatus.RATE_LIMITED ? { headers: rateLimitHeaders } : {}),
        ...(status === errorStatus.UNAVAILABLE ? { headers: unavailableHeaders } : {}),
        content: { 'application/json': { schema: errorBody(list) } },
      },
    ]),
  );
};

interface RouteOptions {
  access: Access;
  /** The codes the use case (and any rate limit) can answer with, beyond the edge's own. */
  failures?: ApiErrorCode[];
}

/** What a client generator names and groups an operation by: every route states them. */
interface Naming {
  /** camelCase, unique across the API, stable: a generated client's method name. */
  operationId: string;
  /** A line on what the operation does. */
  summary: string;
  tags: string[];
}

/** A route: its config as @hono/zod-openapi takes it, plus who may call it and how it can fail. */
export const apiRoute = <const R extends RouteConfig & Naming>(
  config: R,
  { access, failures = [] }: RouteOptions,
): R => {
  const hasInput = config.request !== undefined;
  const codes = [
    ...(hasInput ? (['VALIDATION'] as const) : []),
    ...accessFailures[access],
    ...failures,
    ...edgeFailures(config.method),
  ];
  // A status the route answers itself (an HTML page) and the edge too (the error body) lists both contents.
  const responses: RouteConfig['responses'] = { ...config.responses };
  for (const [status, failure] of Object.entries(errorResponses(codes))) {
    const own = responses[status];
    responses[status] =
      own && !('$ref' in own) && !('$ref' in failure)
        ? { ...own, content: { ...own.content, ...failure.content } }
        : failure;
  }
  return createRoute({
    ...config,
    // A public route states that it needs nothing (`[]`), a guarded one the session cookie.
    security: access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
    'x-access': access,
    responses,
  }) as R;
};

/** A JSON answer. */
/** A GET whose answer carries an ETag: If-None-Match naming it gets this. */
export const notModified = { 304: { description: 'Not modified: the ETag sent in If-None-Match still holds.' } };

export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An HTML page. */
export const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } } },
});

/** A redirect to `Location`. */
export const redirect = (description: string) => ({
  description,
  headers: { Location: { schema: { type: 'string' as const } } },
});

type MediaSchema = Extract<
  NonNullable<NonNullable<NonNullable<RouteConfig['request']>['body']>['content'][string]>,
  { schema?: unknown }
>['schema'];

/** A body the handler reads and checks itself (answering a form and JSON differently): described by its schema, not validated by the route. */
export const describedOnly = (schema: z.ZodType): MediaSchema => z.toJSONSchema(schema, { io: 'input' }) as MediaSchema;

/** A form body (what a page's form posts). */
export const formBody = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { 'application/x-www-form-urlencoded': { schema } } },
});

/** A JSON request body (absent or empty reads as {}). */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** A sub-app whose routes answer a failed validation with the usual 400 body. */
export const apiApp = <E extends Env>() => new OpenAPIHono<E>({ defaultHook: validationHook });
