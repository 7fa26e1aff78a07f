// Builds the real app over the composition root's container on memory (or a chosen Store) with a fixed clock, and signs
// players in through POST /auth/dev like a browser would. No port is opened: app.request().
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { composeServer, coreOnMemory, type ServerOverrides } from '../../server/composition-root.ts';
import {
  ClockPort,
  PasswordHasherPort,
  RandomPort,
  SqlStorePort,
  StorePort,
  type OpenedStore,
} from '../../server/container/tokens.ts';
import { createApp } from '../../server/app.ts';
import { MemoryRateLimiter, type RateLimits, type RateRule } from '../../server/security/rate-limit.ts';
import type { GoogleAuth } from '../../server/auth/google-auth.ts';
import type { Deps } from '../../core/deps.ts';
import type { PasswordHasher, Store } from '../../core/ports.ts';
import { FixedClock, PlainHasher, SeededRandom } from '../support/fakes.ts';
import { expect } from 'vitest';
import { responseCheck, type Document, type ResponseCheck } from './openapi-check.ts';

export const ORIGIN = 'http://localhost:3000';
export const ADMIN_EMAIL = 'admin@lowest.test';

const roomy: RateRule = { limit: 10_000, windowMs: 60_000 };
export const roomyLimits: RateLimits = {
  signIn: { perUser: roomy, perIp: roomy },
  entry: { perUser: roomy, perIp: roomy },
  referralValidate: { perUser: roomy, perIp: roomy },
  guildJoin: { perUser: roomy, perIp: roomy },
  guildCreate: { perUser: roomy, perIp: roomy },
  reward: { perUser: roomy, perIp: roomy },
  export: { perUser: roomy, perIp: roomy },
};

export interface HarnessOptions {
  store?: Store;
  /** A SQLite or PostgreSQL store, bound as the SQL store too (readiness asks it whether it takes writes). */
  sqlStore?: OpenedStore;
  /** Defaults to 2026-11-20T12:00Z: the open game is 2026-11-20 (closes 2026-11-21T00:00Z). */
  now?: string;
  env?: Record<string, string>;
  config?: Partial<ServerConfig>;
  limits?: RateLimits;
  googleAuth?: GoogleAuth | null;
  /** Operations tests: a pino logger on a captured stream, a lifecycle phase, the outbox gauges' source. */
  overrides?: Pick<ServerOverrides, 'logger' | 'lifecycle' | 'collectOutbox' | 'limiter'>;
  /** Defaults to a plain (instant) hasher. */
  hasher?: PasswordHasher;
  /**
   * The seed of the ids, tokens and salts (default 7). A database written by another harness with the same seed holds
   * the ids this one would make (the upgrade fixtures): give another.
   */
  seed?: number;
}

export interface RequestOptions {
  cookie?: string | null;
  json?: unknown;
  /** Raw body (with the given headers) instead of json. */
  body?: string;
  headers?: Record<string, string>;
}

export const makeHarness = async (options: HarnessOptions = {}) => {
  const clock = new FixedClock(options.now ?? '2026-11-20T12:00:00.000Z');
  const config: ServerConfig = {
    ...loadConfig({ ADMIN_EMAILS: ADMIN_EMAIL, PUBLIC_URL: ORIGIN, ...options.env }),
    webRoot: '/nonexistent-web-root',
    ...options.config,
  };
  const container = coreOnMemory(config);
  if (options.store) container.rebind(StorePort).toConstantValue(options.store);
  if (options.sqlStore) {
    container.bind(SqlStorePort).toConstantValue(options.sqlStore);
    container.rebind(StorePort).toService(SqlStorePort);
  }
  container.rebind(ClockPort).toConstantValue(clock);
  container.rebind(RandomPort).toConstantValue(new SeededRandom(options.seed ?? 7));
  container.rebind(PasswordHasherPort).toConstantValue(options.hasher ?? new PlainHasher());
  const errors: unknown[] = [];
  const services = await composeServer(config, {
    container,
    // On the harness clock, so a minute boundary passing mid-test never resets a window.
    limiter: new MemoryRateLimiter(options.limits ?? roomyLimits, () => clock.now().getTime()),
    logger: {
      request: () => {},
      debug: () => {},
      warn: () => {},
      info: () => {},
      error: (_message, error) => errors.push(error),
    },
    processMetrics: false,
    ...options.overrides,
    ...(options.googleAuth !== undefined ? { googleAuth: options.googleAuth } : {}),
  });
  const app = createApp(services);
  const deps: Deps = services.deps;

  const checker = await documentCheck(app);
  /** app.request, with the answer checked against the OpenAPI document (a mismatch throws). */
  const fetchChecked = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await app.request(url, init);
    await checker.check(init.method ?? 'GET', url, response);
    return response;
  };

  const request = (method: string, path: string, opts: RequestOptions = {}): Promise<Response> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.json);
    }
    return fetchChecked(`${config.publicUrl}${path}`, { method, headers, body });
  };

  /** Signs in (creating the player if new) and returns the `sid=…` cookie. */
  const signIn = async (email: string, displayName = email.split('@')[0] ?? 'Player'): Promise<string> => {
    const res = await request('POST', '/auth/dev', { json: { email, displayName } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return sessionCookieOf(res);
  };

  return { app, deps, clock, config, services, errors, request, fetchChecked, signIn, checker };
};

export type Harness = Awaited<ReturnType<typeof makeHarness>>;

let checkOfDocument: { json: string; check: ResponseCheck } | null = null;
/** The app's own document, compiled once per test file while it stays the same. */
const documentCheck = async (app: {
  request: (url: string) => Response | Promise<Response>;
}): Promise<ResponseCheck> => {
  const json = await (await app.request(`${ORIGIN}/api/openapi.json`)).text();
  if (checkOfDocument?.json !== json) checkOfDocument = { json, check: responseCheck(JSON.parse(json) as Document) };
  return checkOfDocument.check;
};

export const sessionCookieOf = (res: Response): string => {
  const sid = res.headers.getSetCookie().find((h) => h.startsWith('sid=') && !h.startsWith('sid=;'));
  if (!sid) throw new Error('no session cookie was set');
  return sid.split(';')[0] ?? '';
};

export const json = async <T = Record<string, unknown>>(res: Response): Promise<T> => (await res.json()) as T;

/** Moves the clock past the 2026-11-20 deadline (or `at`) and runs the admin daily close. */
export const closeToday = async (h: Harness, at = '2026-11-21T00:00:01.000Z'): Promise<void> => {
  const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
  h.clock.set(at);
  const res = await h.request('POST', '/admin/daily-close', { cookie: admin });
  expect(res.status).toBe(200);
};
