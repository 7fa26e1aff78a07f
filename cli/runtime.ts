// Opens what commands work on: the configuration (parsed by the server's parser, so the CLI and the
// server read the same variables) and the services of the server's composition root, on a settable clock.
import { mkdirSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { sql } from 'kysely';
import type { Deps } from '../core/deps.ts';
import type { Store } from '../core/ports.ts';
import { composeCore, containerFor } from '../server/composition-root.ts';
import { ClockPort } from '../server/container/tokens.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import { SettableClock } from './settable-clock.ts';

export interface Runtime {
  deps: Deps;
  /** The clock inside deps: seed-demo sets it to replay past days. */
  clock: SettableClock;
  /** The SMTP sender when SMTP_URL is set; null means mails wait in the outbox. */
  mailSender: MailSender | null;
  /** How long before the deadline the daily reminder goes (REMINDER_MINUTES). */
  reminderBeforeDeadlineMs: number;
  /** SESSION_DAYS: how far a session's expiry slides past its last use. */
  sessionDays: number;
  /** DATABASE_URL without its password. */
  databaseLabel: string;
  /** Runs pending migrations; returns the names of those applied now. */
  migrate(): Promise<string[]>;
  /** SQLite online backup to `file`; returns the absolute path written. */
  backup(file: string): Promise<string>;
  close(): Promise<void>;
}

/** A configuration or environment problem: exit 1 with its one-line message. */
export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}

// Sign-in settings do not concern the CLI: a cron job without the Google secrets must still run.
// PUBLIC_URL does: the mails a close or a review writes link to it.
const IGNORED = ['AUTH_MODE', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'NODE_ENV', 'ADMIN_EMAILS', 'PORT'];

export const openRuntime = async (env: Record<string, string | undefined>): Promise<Runtime> => {
  const relevant = Object.fromEntries(Object.entries(env).filter(([name]) => !IGNORED.includes(name)));
  let config;
  try {
    config = loadConfig(relevant, { signIn: false });
  } catch (error) {
    if (error instanceof ConfigError)
      throw new RuntimeConfigError(`Invalid configuration: ${error.problems.join('; ')}`);
    throw error;
  }
  const url = config.databaseUrl;
  const clock = new SettableClock();
  // Opening migrates; migrations stamped after this instant were applied by this run.
  const openedAt = new Date().toISOString();
  const container = await containerFor(config);
  container.rebind(ClockPort).toConstantValue(clock);
  const core = composeCore(container);
  const { deps, store } = core;
  return {
    deps,
    clock,
    mailSender: core.mailSender,
    reminderBeforeDeadlineMs: config.mail.reminderMinutes * 60_000,
    sessionDays: config.sessionDays,
    databaseLabel: url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@'),
    migrate: async () => {
      // Both SQL stores have a schema; the memory store never reaches here (sqlite::memory: is SQLite).
      if (core.sql === null) throw new RuntimeConfigError('This database has no schema to migrate.');
      await core.migrate();
      const { rows } = await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from schema_migrations`.execute(core.sql.db);
      return rows
        .filter((r) => r.timestamp >= openedAt)
        .map((r) => r.name)
        .sort();
    },
    backup: async (file) => {
      if (!hasBackup(store)) {
        throw new RuntimeConfigError(
          'backup copies SQLite databases only; for PostgreSQL use pg_dump -Fc, e.g. pg_dump -Fc "$DATABASE_URL" -f backup.dump (pg_restore puts it back)',
        );
      }
      const target = resolvePath(file);
      mkdirSync(dirname(target), { recursive: true });
      await store.backup(target);
      return target;
    },
    close: () => store.close(),
  };
};

const hasBackup = (store: Store): store is Store & { backup(file: string): Promise<void> } =>
  typeof (store as Store & { backup?: unknown }).backup === 'function';
