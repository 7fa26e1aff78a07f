// The server's settings, parsed from the environment once at start-up (DESIGN.md §3). Every bad
// value is reported in one message so an operator fixes them all in one go.
import { z } from 'zod';
import type { GameConfig } from '../core/config.ts';
import { defaultGameConfig } from '../core/config.ts';
import { createPrivateKey } from 'node:crypto';

export type AuthMode = 'google' | 'dev';

export interface ServerConfig {
  port: number;
  /** Address to listen on; null: every interface. Loopback only in development sign-in mode. */
  host: string | null;
  databaseUrl: string;
  /** Origin users see (no trailing slash); links and the OAuth redirect use it. */
  publicUrl: string;
  authMode: AuthMode;
  google: { clientId: string; clientSecret: string } | null;
  /** Lower-cased. */
  adminEmails: string[];
  sessionDays: number;
  game: GameConfig;
  /** Folder of the built web app (index.html and assets/). */
  webRoot: string;
  /** Reverse proxies in front: the client address is this many hops from the right of X-Forwarded-For. */
  trustProxy: number;
  logLevel: LogLevel;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** How long a SIGTERM waits for in-flight requests before the process exits anyway. */
  shutdownGraceSeconds: number;
  /** PostgreSQL connections per instance. */
  pgPoolSize: number;
  /**
   * Mail delivery (DESIGN.md §15): without smtpUrl mails wait in the outbox. `reminderMinutes`: how long before the
   * deadline the daily reminder goes.
   */
  mail: { smtpUrl: string | null; from: string; reminderMinutes: number };
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const isZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Whether the URL's host is this machine only: localhost, 127.0.0.0/8 or [::1]. */
export const isLoopbackUrl = (url: string): boolean => {
  const host = new URL(url).hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
};

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const positiveInt = (name: string, min: number, max: number) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
      .optional(),
  );

const isEd25519PrivateKey = (value: string): boolean => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  try {
    const key = createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
};

const envSchema = z.object({
  PORT: positiveInt('PORT', 0, 65535),
  HOST: optional,
  DATABASE_URL: optional.pipe(
    z
      .string()
      .refine(
        (v) => /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v),
        'DATABASE_URL must be sqlite:PATH, sqlite::memory: or postgres://…',
      )
      .optional(),
  ),
  PUBLIC_URL: optional.pipe(
    z
      .string()
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      }, 'PUBLIC_URL must be an http(s) URL such as https://lowest.example')
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  AUTH_MODE: optional.pipe(z.enum(['google', 'dev'], { message: 'AUTH_MODE must be google or dev' }).optional()),
  ADMIN_EMAILS: optional,
  GAME_CLOSE: optional.pipe(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d \S+$/, "GAME_CLOSE must look like '10:00 Australia/Brisbane' (HH:MM Zone)")
      .refine((v) => isZone(v.slice(6)), 'GAME_CLOSE names an unknown time zone')
      .optional(),
  ),
  GAME_DATE_ZONE: optional.pipe(z.string().refine(isZone, 'GAME_DATE_ZONE is not a known IANA time zone').optional()),
  CURRENCY: optional.pipe(
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'CURRENCY must be a 3-letter ISO 4217 code such as USD')
      .optional(),
  ),
  SESSION_DAYS: positiveInt('SESSION_DAYS', 1, 3650),
  TRUST_PROXY: positiveInt('TRUST_PROXY', 0, 10),
  LOG_LEVEL: optional.pipe(z.enum(LOG_LEVELS, { message: 'LOG_LEVEL must be debug, info, warn or error' }).optional()),
  METRICS_TOKEN: optional,
  SHUTDOWN_GRACE_SECONDS: positiveInt('SHUTDOWN_GRACE_SECONDS', 1, 3600),
  PG_POOL_SIZE: positiveInt('PG_POOL_SIZE', 1, 1000),
  REMINDER_MINUTES: positiveInt('REMINDER_MINUTES', 1, 1439),
  SMTP_URL: optional.pipe(
    z
      .string()
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
        } catch {
          return false;
        }
      }, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465')
      .optional(),
  ),
  MAIL_FROM: optional.pipe(
    z
      .string()
      .refine(
        (v) => /^[^<>@\s]+@[^<>@\s]+$/.test(v) || /^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(v),
        'MAIL_FROM must be an address, or a name and <address>',
      )
      .optional(),
  ),
  // A short key is guessable offline from the hashes it keys: 32 characters of a password generator at least.
  INTEGRITY_KEY: optional.pipe(
    z.string().min(32, 'INTEGRITY_KEY must be at least 32 characters (a random secret)').optional(),
  ),
  RECEIPT_SIGNING_KEY: optional.pipe(
    z
      .string()
      .refine(isEd25519PrivateKey, 'RECEIPT_SIGNING_KEY must be an Ed25519 private key (PKCS#8 DER, base64)')
      .optional(),
  ),
});

/** Every environment variable the configuration reads (deploy/.env.example lists the same). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface LoadOptions {
  cwd?: string;
  /**
   * False for the CLI: it signs nobody in, so the sign-in settings are not checked (a cron job on a
   * production host runs without the Google secrets). The server always checks them.
   */
  signIn?: boolean;
}

export const loadConfig = (env: Record<string, string | undefined>, options: LoadOptions = {}): ServerConfig => {
  const { cwd = process.cwd(), signIn = true } = options;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  const v = parsed.data;
  const problems: string[] = [];
  const port = v.PORT ?? 3000;
  const google =
    v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
      ? { clientId: v.GOOGLE_CLIENT_ID, clientSecret: v.GOOGLE_CLIENT_SECRET }
      : null;
  if ((v.GOOGLE_CLIENT_ID === undefined) !== (v.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const authMode: AuthMode = v.AUTH_MODE ?? (google ? 'google' : 'dev');
  if (authMode === 'google' && !google)
    problems.push('AUTH_MODE=google needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  // Development sign-in lets anyone name any e-mail (an ADMIN_EMAILS one included): only a server
  // nobody else can reach may offer it, whatever NODE_ENV says.
  if (signIn && authMode === 'dev' && !isLoopbackUrl(publicUrl)) {
    problems.push(
      `Development sign-in is only allowed when PUBLIC_URL is a loopback address (localhost, 127.0.0.0/8 or [::1]); PUBLIC_URL is ${publicUrl}: ` +
        'configure Google sign-in (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) or use a loopback PUBLIC_URL',
    );
  }
  // The loopback origin alone is not enough: a server listening on every interface still takes requests sent to it
  // from the network whatever PUBLIC_URL says, so in dev mode it listens on loopback only.
  const publicHost = new URL(publicUrl).hostname;
  const devHost = publicHost === '[::1]' ? '::1' : publicHost === 'localhost' ? '127.0.0.1' : publicHost;
  if (
    authMode === 'dev' &&
    v.HOST !== undefined &&
    !isLoopbackUrl(`http://${v.HOST.includes(':') ? `[${v.HOST}]` : v.HOST}`)
  ) {
    problems.push(
      `HOST must be a loopback address (127.0.0.1, ::1 or localhost) with development sign-in; HOST is ${v.HOST}`,
    );
  }
  const adminEmails = (v.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  for (const email of adminEmails) {
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.push(`ADMIN_EMAILS: '${email}' is not an e-mail address`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const close = v.GAME_CLOSE;
  return {
    port,
    host: authMode === 'dev' ? (v.HOST ?? devHost) : (v.HOST ?? null),
    databaseUrl: v.DATABASE_URL ?? 'sqlite:./data/lowest.db',
    publicUrl,
    authMode,
    google,
    adminEmails,
    sessionDays: v.SESSION_DAYS ?? 30,
    game: {
      closeTime: close ? close.slice(0, 5) : defaultGameConfig.closeTime,
      closeZone: close ? close.slice(6) : defaultGameConfig.closeZone,
      dateZone: v.GAME_DATE_ZONE ?? defaultGameConfig.dateZone,
      currency: v.CURRENCY ?? defaultGameConfig.currency,
      publicUrl,
      integrityKey: v.INTEGRITY_KEY ?? null,
      receiptSigningKey: v.RECEIPT_SIGNING_KEY ?? null,
    },
    webRoot: `${cwd}/dist/web`,
    trustProxy: v.TRUST_PROXY ?? 0,
    logLevel: v.LOG_LEVEL ?? 'info',
    metricsToken: v.METRICS_TOKEN ?? null,
    shutdownGraceSeconds: v.SHUTDOWN_GRACE_SECONDS ?? 30,
    pgPoolSize: v.PG_POOL_SIZE ?? 10,
    mail: {
      smtpUrl: v.SMTP_URL ?? null,
      from: v.MAIL_FROM ?? `LOWEST UNIQUE <no-reply@${new URL(publicUrl).hostname}>`,
      reminderMinutes: v.REMINDER_MINUTES ?? 120,
    },
  };
};
