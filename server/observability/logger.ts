// JSON log lines with pino (DESIGN.md §14): one object per line on stdout, ISO time, and `redact`
// as a net under the rule that no secret is ever logged (messages carry none; fields are censored).
import { pino, type DestinationStream } from 'pino';
import type { LogFields, Logger } from '../app-env.ts';
import type { LogLevel } from '../config.ts';

const SECRET_KEYS = [
  'password',
  'token',
  'sessionToken',
  'cookie',
  'authorization',
  'oauthCode',
  'databaseUrl',
  'smtpUrl',
  'mailBody',
];

/** Each secret key at the top level, one level down, and in request headers. */
export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  'headers["set-cookie"]',
];

/** Top-level keys a redact path names: a line without them and without nested values has nothing to censor. */
const REDACTED_TOP_KEYS = new Set([...SECRET_KEYS, 'headers']);

/**
 * Whether redact would leave these fields as they are: every path above is a secret key (or `headers`) at the top, or
 * one level down inside an object. Flat fields of other names (the request log's line) skip redact's walk, which was
 * a tenth of the server's CPU on a small GET.
 */
export const isPlainOfSecrets = (fields: LogFields): boolean => {
  for (const key in fields) {
    if (REDACTED_TOP_KEYS.has(key)) return false;
    const value = fields[key];
    if (typeof value === 'object' && value !== null) return false;
  }
  return true;
};

/** A pino-backed Logger writing to `destination` (stdout by default). */
export const pinoLogger = (level: LogLevel, destination?: DestinationStream): Logger => {
  const options = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
  const out = destination ?? pino.destination({ dest: 1, sync: true });
  const log = pino({ ...options, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, out);
  // The same lines to the same destination, for fields redact could not change.
  const plain = pino(options, out);
  const at =
    (level: 'debug' | 'info' | 'warn') =>
    (message: string, fields?: LogFields): void => {
      if (fields === undefined || isPlainOfSecrets(fields)) plain[level](fields ?? {}, message);
      else log[level](fields, message);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: (message: string, error?: unknown, fields?: LogFields) =>
      log.error({ ...fields, ...(error === undefined ? {} : { err: error instanceof Error ? error : { message: String(error) } }) }, message),
  };
};
