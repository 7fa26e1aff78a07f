// The API's description: the OpenAPI 3.1 document the routes' schemas generate (GET /api/openapi.json) and a
// reference to read it (GET /api/docs). The reference is Swagger UI served from the swagger-ui-dist package on
// this origin, so the page runs under the app's own Content-Security-Policy (scripts 'self', no CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import packageJson from '../package.json' with { type: 'json' };
import { SESSION_SCHEME } from './openapi.ts';
import { documentSecurityHeaders } from './security/security-headers.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LOWEST UNIQUE API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>
`;

// An inline script would need 'unsafe-inline': the page starts Swagger UI from a file of its own.
const START_SCRIPT = `SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#reference', deepLinking: true });\n`;

const swaggerDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, { type: string; file: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
};
const loaded = new Map<string, string>();
const asset = (name: string): string => {
  let text = loaded.get(name);
  if (text === undefined) {
    text = readFileSync(join(swaggerDist, assets[name]?.file ?? name), 'utf8');
    loaded.set(name, text);
  }
  return text;
};

/** The document's own fields; the paths and components come from the routes. */
const documentFields = (publicUrl: string) => ({
  openapi: '3.1.0',
  info: {
    title: 'LOWEST UNIQUE API',
    version: packageJson.version,
    description:
      'The daily game: every player picks a whole number; the lowest number nobody else picked wins. ' +
      'Money is whole cents, instants ISO-8601 UTC. Errors are `{error, code}`; each operation lists its codes per status. ' +
      'Writes must come from the same origin (Origin or Sec-Fetch-Site) and send JSON. ' +
      'A path asked with a method it lacks answers 405 METHOD_NOT_ALLOWED with an `Allow` header; a 429 carries ' +
      '`Retry-After`, `RateLimit` and `RateLimit-Policy`.',
    // The product is not open source: no SPDX licence applies, so the document names that instead of one.
    license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [{ url: publicUrl, description: 'This deployment (its PUBLIC_URL).' }],
});

export const mountApiDocs = <E extends Env>(app: OpenAPIHono<E>, publicUrl: string): void => {
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description: 'The session cookie set by a sign-in (POST /auth/dev in development, /auth/google otherwise).',
  });
  // Generated once, at the first request (every route is registered by then): the routes never change while running.
  let document: ReturnType<typeof app.getOpenAPI31Document> | null = null;
  app.get(OPENAPI_PATH, (c) => c.json((document ??= app.getOpenAPI31Document(documentFields(publicUrl)))));
  // The page and its files are documents: they carry the page's headers, not the REST set of JSON answers.
  app.get(DOCS_PATH, (c) => c.html(DOCS_PAGE, 200, documentSecurityHeaders()));
  app.get(`${DOCS_PATH}/start.js`, (c) =>
    c.body(START_SCRIPT, 200, { ...documentSecurityHeaders(), 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.get(`${DOCS_PATH}/:asset{swagger-ui\\.css|swagger-ui-bundle\\.js}`, (c) => {
    const name = c.req.param('asset');
    return c.body(asset(name), 200, {
      ...documentSecurityHeaders(),
      'content-type': assets[name]?.type ?? 'application/octet-stream',
      'cache-control': 'public, max-age=86400',
    });
  });
};
