import { verifyStoredGame } from '../../core/fairness/fairness.ts';
import { knownMigrations, restoreSqliteFile, RestoreRefusedError } from '../../server/composition-root.ts';
import { keyValues } from '../format.ts';
import type { Command } from '../command.ts';

const POSTGRES_ADVICE =
  'For PostgreSQL use pg_restore of the server\'s major version on a dump made with pg_dump -Fc, e.g. pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" backup.dump';

/** The SQLite file DATABASE_URL names, as given (relative to the working folder, as the server reads it). */
const databaseFileOf = (databaseUrl: string | undefined): string => {
  const url = databaseUrl ?? 'sqlite:./data/lowest.db';
  if (/^postgres(ql)?:\/\//.test(url))
    throw new RestoreRefusedError(`restore puts back SQLite databases only. ${POSTGRES_ADVICE}.`);
  const path = url.replace(/^sqlite:/, '');
  if (path === url || path === '' || path === ':memory:')
    throw new RestoreRefusedError('DATABASE_URL names no SQLite file (sqlite:PATH) to restore into.');
  return path;
};

export const restoreCommand: Command = {
  name: 'restore',
  args: ['FILE'],
  options: {},
  summary: 'Put a backup (lowest backup FILE) back in place of the SQLite database, keeping the one it replaces.',
  details:
    'SQLite only; stop the server first. FILE must be a LOWEST UNIQUE database: it passes quick_check and lists only ' +
    'migrations this release knows. Refused while another process (the server, a lowest command) has the database ' +
    'open. The replaced database is kept beside it as DB.before-restore-TIME (its WAL folded in). Then the restored ' +
    'database is migrated and its latest closed game verified (as lowest verify does); exit 1 when it does not verify. ' +
    POSTGRES_ADVICE +
    '.',
  run: async ({ args, env, open }) => {
    const [file = ''] = args;
    const restored = restoreSqliteFile(file, databaseFileOf(env.DATABASE_URL), knownMigrations(), new Date());
    const facts: [string, string | number | null][] = [
      ['Restored', restored.database],
      ['From', restored.source],
      ['Kept', restored.keptAs ?? 'nothing (there was no database)'],
      ['Migrations', restored.migrations.at(-1) ?? null],
    ];
    const { deps } = await open();
    const latest = await deps.store.read((repos) => repos.games.latestClosed());
    if (latest === null) {
      return {
        data: { ...restored, verified: null },
        text: keyValues([...facts, ['Verified', 'no closed game yet']]),
      };
    }
    const check = await verifyStoredGame(deps, latest.key, null);
    const verdict = check.ok
      ? `${latest.key} VERIFIED`
      : `${latest.key} NOT VERIFIED: ${check.problem ?? 'unknown problem'}`;
    return {
      data: {
        ...restored,
        verified: { gameKey: latest.key, ok: check.ok, root: check.computedRoot, problem: check.problem },
      },
      text: keyValues([...facts, ['Verified', verdict], ['Root', check.computedRoot], ['Leaves', check.leaves]]),
      failed: !check.ok,
    };
  },
};
