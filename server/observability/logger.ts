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

/** A pino-backed Logger writing to `destination` (stdout by default). */
export const pinoLogger = (level: LogLevel, destination?: DestinationStream): Logger => {
  const log = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return {
    info: (message: string, fields?: LogFields) => log.info(fields ?? {}, message),
    error: (message: string, error?: unknown, fields?: LogFields) =>
      log.error({ ...fields, ...(error === undefined ? {} : { err: error instanceof Error ? error : { message: String(error) } }) }, message),
  };
};
