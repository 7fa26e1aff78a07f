// The `sid` cookie (DESIGN.md §8) and the short-lived OAuth cookies: HttpOnly, SameSite=Lax,
// Secure whenever the public origin is https.
import type { Context } from 'hono';
import { deleteCookie, generateCookie, getCookie, setCookie } from 'hono/cookie';
import { nodeResponseOf } from '../node-response.ts';
import type { ServerConfig } from '../config.ts';

export const SESSION_COOKIE = 'sid';
export const OAUTH_STATE_COOKIE = 'oauth_state';
export const OAUTH_VERIFIER_COOKIE = 'oauth_verifier';
/** Where to land after Google sign-in (a path checked by safeNextPath), kept for the round trip. */
export const OAUTH_NEXT_COOKIE = 'oauth_next';
const OAUTH_COOKIE_SECONDS = 10 * 60;

/** Every cookie this server sets: HttpOnly, SameSite=Lax, site-wide, Secure on an https PUBLIC_URL. */
export const cookieBase = (config: ServerConfig) =>
  ({ path: '/', httpOnly: true, sameSite: 'Lax', secure: config.publicUrl.startsWith('https:') }) as const;

export const readSessionToken = (c: Context): string | null => {
  const token = getCookie(c, SESSION_COOKIE);
  // Real tokens are 64 hex characters; anything far off is not worth a database lookup.
  return token !== undefined && token.length > 0 && token.length <= 256 ? token : null;
};

const sessionCookieOptions = (config: ServerConfig) => ({
  ...cookieBase(config),
  maxAge: config.sessionDays * 24 * 60 * 60,
});

export const setSessionCookie = (c: Context, config: ServerConfig, token: string): void =>
  setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(config));

/**
 * The cookie re-issued on a read, with its lifetime slid. Served by @hono/node-server it goes on Node's response, so
 * the answer stays plain (see node-response.ts); the routes that read it set no cookie of their own (/auth, which
 * does, is left to setSessionCookie).
 */
export const refreshSessionCookie = (c: Context, config: ServerConfig, token: string): void => {
  const node = nodeResponseOf(c);
  if (!node) return setSessionCookie(c, config, token);
  node.appendHeader('Set-Cookie', refreshedSessionCookie(config, token));
};

/** The session cookie's attributes (`; Max-Age=…; Path=/; …`), serialized once per configuration. */
const attributesByConfig = new WeakMap<ServerConfig, string>();

/**
 * hono's generateCookie for the session cookie, with the attributes serialized once: every signed-in read re-issues
 * the cookie, and only the token changes (a test holds the two equal).
 */
export const refreshedSessionCookie = (config: ServerConfig, token: string): string => {
  let attributes = attributesByConfig.get(config);
  if (attributes === undefined) {
    attributes = generateCookie(SESSION_COOKIE, '', sessionCookieOptions(config)).slice(`${SESSION_COOKIE}=`.length);
    attributesByConfig.set(config, attributes);
  }
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}${attributes}`;
};

export const clearSessionCookie = (c: Context, config: ServerConfig): void => {
  deleteCookie(c, SESSION_COOKIE, cookieBase(config));
};

export const setOAuthCookies = (
  c: Context,
  config: ServerConfig,
  state: string,
  verifier: string,
  next: string | null = null,
): void => {
  setCookie(c, OAUTH_STATE_COOKIE, state, { ...cookieBase(config), maxAge: OAUTH_COOKIE_SECONDS });
  setCookie(c, OAUTH_VERIFIER_COOKIE, verifier, { ...cookieBase(config), maxAge: OAUTH_COOKIE_SECONDS });
  if (next !== null) setCookie(c, OAUTH_NEXT_COOKIE, next, { ...cookieBase(config), maxAge: OAUTH_COOKIE_SECONDS });
  else deleteCookie(c, OAUTH_NEXT_COOKIE, cookieBase(config));
};

/** Reads and clears the OAuth cookies: each state is good for one callback only. `next` is as stored: check it again. */
export const takeOAuthCookies = (
  c: Context,
  config: ServerConfig,
): { state: string | null; verifier: string | null; next: string | null } => {
  const state = getCookie(c, OAUTH_STATE_COOKIE) ?? null;
  const verifier = getCookie(c, OAUTH_VERIFIER_COOKIE) ?? null;
  const next = getCookie(c, OAUTH_NEXT_COOKIE) ?? null;
  deleteCookie(c, OAUTH_STATE_COOKIE, cookieBase(config));
  deleteCookie(c, OAUTH_VERIFIER_COOKIE, cookieBase(config));
  if (next !== null) deleteCookie(c, OAUTH_NEXT_COOKIE, cookieBase(config));
  return { state, verifier, next };
};
