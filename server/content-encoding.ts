// Compression over HTTP: which encoding a request accepts (Accept-Encoding with q-values) and a middleware that
// compresses JSON responses over ~1 KB. The web app's files come precompressed from the build (static-web.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RequestVariables } from './request-variables.ts';
import { nodeResponseOf } from './node-response.ts';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The server's order when the client weighs encodings alike: smallest first. */
const PREFERENCE: ContentEncoding[] = ['br', 'gzip', 'identity'];

/** Below this a compressed body saves less than the work and the header cost. */
export const COMPRESS_MIN_BYTES = 1024;

/** The q-value of every coding named in an Accept-Encoding header (lower-cased names; `*` included). */
const weightsOf = (header: string): Map<string, number> => {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    // A malformed q-value counts as a refusal rather than a guess.
    weights.set(name, Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0);
  }
  return weights;
};

/**
 * The encoding to answer with, among `available` (identity is always available): the highest q-value wins, ties go
 * br > gzip > identity. Identity that the header does not name (nor `*`) is acceptable but ranks last (RFC 9110
 * §12.5.3), so `gzip;q=0.5` still gets gzip. A header refusing everything gets identity: a body beats a 406.
 */
export const chooseEncoding = (
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding => {
  if (acceptEncoding === undefined || acceptEncoding.trim() === '') return 'identity';
  const weights = weightsOf(acceptEncoding);
  const star = weights.get('*');
  const weightOf = (encoding: ContentEncoding): number => {
    const named = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined);
    if (named !== undefined) return named;
    if (star !== undefined) return star;
    return encoding === 'identity' ? Number.MIN_VALUE : 0;
  };
  let best: ContentEncoding = 'identity';
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (encoding !== 'identity' && !available.includes(encoding)) continue;
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * From this size brotli runs at quality 1: quality 5's time grows much faster with the body than its gain (a 1.8 MB
 * fairness items page: 300 ms at 5, 24 ms at 1, within 3 % of the size).
 */
const LARGE_BODY_BYTES = 64 * 1024;

/** Fast settings for per-request work: brotli 5 and gzip 6 get most of the gain at a fraction of the maximum's time. */
export const compressBody = (body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: body.byteLength < LARGE_BODY_BYTES ? 5 : 1,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 6 });

/** application/json and the +json types (problem+json); streams such as text/event-stream are never touched. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Appends Accept-Encoding to Vary unless it is there already. */
export const varyOnAcceptEncoding = (headers: Headers): void => {
  const vary = headers.get('vary');
  if (vary === null) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
};

/** A response made by c.json, with its text; ownHeaders when the call passed headers of its own. */
interface Made {
  res: Response;
  text: string;
  ownHeaders: boolean;
}

/** c.body, seen loosely: the c.json wrapper below passes its caller's arguments on unchanged. */
type LooseBody = (data: string, arg?: unknown, headers?: Record<string, string | string[]>) => Response;

/** The compressed twin of a response: same status and headers, Vary and Content-Encoding added. */
const compressedResponse = async (
  res: Response,
  body: Uint8Array,
  acceptEncoding: string | undefined,
): Promise<Response | null> => {
  const encoding = body.byteLength >= COMPRESS_MIN_BYTES ? chooseEncoding(acceptEncoding, ['br', 'gzip']) : 'identity';
  if (encoding === 'identity') return null;
  const headers = new Headers(res.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  return new Response(new Uint8Array(await compressBody(body, encoding)), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
};

/** Where the c.json below leaves the response it made, on the request's context. */
const MADE = Symbol('made JSON response');
type Recorded = Context<{ Variables: RequestVariables }> & { [MADE]?: Made };

/**
 * c.json for a request under compressJson: Hono's c.json, recording the response and its text on the context. One
 * function for every request, not a closure per request: a closure over the middleware's state, stored on each
 * context, makes every request's objects outlive the young generation (a full GC every few hundred ms).
 */
function recordingJson(
  this: Recorded,
  object: unknown,
  arg?: unknown,
  headers?: Record<string, string | string[]>,
): Response {
  const text = JSON.stringify(object);
  // As Hono's own c.json: the JSON type unless the caller's headers name one.
  const res = (this.body as LooseBody)(text, arg, { 'Content-Type': 'application/json', ...headers });
  this[MADE] = {
    res,
    text,
    ownHeaders: headers !== undefined || (typeof arg === 'object' && arg !== null && 'headers' in arg),
  };
  return res;
}

/**
 * Compresses JSON responses of at least COMPRESS_MIN_BYTES with br or gzip as the request accepts. A response that is
 * already encoded, has no body, or asks for no-transform passes unchanged.
 *
 * `c.json` is routed through here for the request, so the JSON text is known when the response is made: a small
 * answer (nearly every API answer) passes with only Vary added, never read back from the response. Reading a body
 * back turns @hono/node-server's string response into a web stream, which cost more than most routes' own work.
 */
export const compressJson = createMiddleware<{ Variables: RequestVariables }>(async (c: Recorded, next) => {
  c.json = recordingJson as typeof c.json;
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD') return;
  const json = c[MADE] ?? null;
  if (json?.res === res) {
    const small = Buffer.byteLength(json.text) < COMPRESS_MIN_BYTES;
    const node = nodeResponseOf(c);
    if (small && !json.ownHeaders && node) {
      // c.json(value) or c.json(value, status): JSON, and no route prepares an encoding, a Vary or no-transform with
      // c.header(). Vary goes on Node's response, so this one stays plain (see node-response.ts).
      node.setHeader('Vary', 'Accept-Encoding');
      return;
    }
    const headers = res.headers;
    if (headers.has('content-encoding') || !JSON_TYPE.test(headers.get('content-type') ?? '')) return;
    if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return;
    varyOnAcceptEncoding(headers);
    if (small) return;
    const compressed = await compressedResponse(res, Buffer.from(json.text), c.req.header('accept-encoding'));
    if (!compressed) return;
    c.res = undefined;
    c.res = compressed;
    return;
  }
  // A JSON response made another way (a raw Response): read it back.
  if (res.body === null || res.headers.has('content-encoding')) return;
  if (!JSON_TYPE.test(res.headers.get('content-type') ?? '')) return;
  if (/\bno-transform\b/i.test(res.headers.get('cache-control') ?? '')) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const compressed = await compressedResponse(res, bytes, c.req.header('accept-encoding'));
  // Cleared first: assigning over a response copies the old one's headers back (Vary, Content-Length).
  c.res = undefined;
  if (compressed) {
    varyOnAcceptEncoding(compressed.headers);
    c.res = compressed;
    return;
  }
  const headers = new Headers(res.headers);
  varyOnAcceptEncoding(headers);
  c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
});
