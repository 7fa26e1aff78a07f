// The security headers (DESIGN.md §12, ADR 0055): every answer carries the OWASP REST set, written after the
// handler through setResponseHeader so a response keeps its cheap plain form; HTML and files (the web app, the API
// docs page) carry the documents' set too, set by what serves them, whose own headers win over the REST set's.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { setResponseHeader } from '../node-response.ts';

/** Radix dialogs inject a <style> element for scroll locking; scripts stay strictly 'self'. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

/** An answer that is data, not a document: it may load nothing and be framed by nothing (OWASP REST Security). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

type HeaderList = readonly (readonly [name: string, value: string])[];

/** The OWASP REST Security Cheat Sheet's set for JSON answers; Strict-Transport-Security only when served over HTTPS. */
export const apiSecurityHeaders = (https: boolean): HeaderList => [
  ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ...(https ? ([['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]] as const) : []),
];

/** Hono's secureHeaders set for this app's options (a test holds the two equal): what a page and its files carry. */
export const DOCUMENT_SECURITY_HEADERS: HeaderList = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
];

/** The documents' set as a headers record, for what serves HTML and files to pass with its response. */
export const documentSecurityHeaders = (): Record<string, string> => Object.fromEntries(DOCUMENT_SECURITY_HEADERS);

/** The REST set on every response; a document's own (stricter, page-shaped) headers of the same name win. */
export const securityHeaders = (https: boolean) => {
  const headers = apiSecurityHeaders(https);
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    for (const [name, value] of headers) setResponseHeader(c, name, value);
  });
};
