import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError, usageLine, type Command } from '../command.ts';

/** The SQLite file DATABASE_URL names, resolved, or null (memory, PostgreSQL). */
const sourceFileOf = (databaseUrl: string | undefined): string | null => {
  const path = (databaseUrl ?? 'sqlite:./data/lowest.db').replace(/^sqlite:/, '');
  if (path === databaseUrl || path === ':memory:' || !existsSync(path)) return null;
  return realpathSync(path);
};

export const backupCommand: Command = {
  name: 'backup',
  args: ['FILE'],
  options: {},
  summary: 'Copy the SQLite database to FILE while it is in use (online backup).',
  details:
    'SQLite only. For PostgreSQL use pg_dump -Fc, e.g. pg_dump -Fc "$DATABASE_URL" -f backup.dump (pg_restore puts it back)',
  run: async ({ args, env, open }) => {
    const [file = ''] = args;
    const target = resolve(file);
    // Refused before anything is opened or created: a backup onto its own source destroys it, and a mistyped folder
    // would otherwise be created wherever the path pointed.
    if (!existsSync(dirname(target)) || !statSync(dirname(target)).isDirectory()) {
      throw new UsageError(`The folder ${dirname(target)} does not exist; create it first.`, usageLine(backupCommand));
    }
    const source = sourceFileOf(env.DATABASE_URL);
    if (source !== null && existsSync(target) && realpathSync(target) === source) {
      throw new UsageError(`${target} is the database being backed up; name another file.`, usageLine(backupCommand));
    }
    const runtime = await open();
    const path = await runtime.backup(file);
    return { data: { file: path }, text: `Backup written to ${path}` };
  },
};
