// JSON log lines with pino (DESIGN.md §14): one object per line on stdout, ISO time, and `redact`
// as a net under the rule that no secret is ever logged (messages carry none; fields are censored).
// Lines go out through pino's asynchronous destination, so a request never waits for stdout; `flush`
// writes what is buffered before the process exits.
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

/** The server's logger: what it logs, and writing out what is still buffered. */
export interface FlushableLogger extends Logger {
  /** Resolves once every line logged so far is written. */
  flush(): Promise<void>;
}

/** A pino-backed Logger writing to `destination` (stdout, asynchronously, by default). */
export const pinoLogger = (level: LogLevel, destination?: DestinationStream): FlushableLogger => {
  const options = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
  const out = destination ?? pino.destination({ dest: 1, sync: false });
  const log = pino({ ...options, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, out);
  // The access line's fields are fixed by its type and hold no secret: it skips the redaction pass, a tenth of a
  // request's CPU (docs/performance.md).
  const access = pino(options, out);
  return {
    request: (line) => access.info(line, 'request'),
    debug: (message: string, fields?: LogFields) => log.debug(fields ?? {}, message),
    info: (message: string, fields?: LogFields) => log.info(fields ?? {}, message),
    warn: (message: string, fields?: LogFields) => log.warn(fields ?? {}, message),
    error: (message: string, error?: unknown, fields?: LogFields) =>
      log.error(
        {
          ...fields,
          ...(error === undefined ? {} : { err: error instanceof Error ? error : { message: String(error) } }),
        },
        message,
      ),
    flush: () => new Promise((resolve, reject) => log.flush((error) => (error ? reject(error) : resolve()))),
  };
};
