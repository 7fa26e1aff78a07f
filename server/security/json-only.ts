// JSON endpoints accept bodies only as JSON (415 otherwise), so a form post from another site can
// never reach them even without the origin check. Body-less requests carry no content type.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { apiError } from '../error-status.ts';

const hasBody = (contentLength: string | undefined, transferEncoding: string | undefined): boolean =>
  (contentLength !== undefined && contentLength !== '0') || transferEncoding !== undefined;

export const jsonOnly = createMiddleware<AppEnv>((c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const isJson = type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
  if (!isJson && (type !== '' || hasBody(c.req.header('content-length'), c.req.header('transfer-encoding')))) {
    throw apiError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
  }
  return next();
});
