// Puts a backup back in place of the SQLite database (`lowest restore`, DESIGN.md §20): the file is checked, the
// database it replaces is kept beside it, and no other process may have the database open meanwhile.
//
// How another process is detected: a connection opens the database in EXCLUSIVE locking mode and takes a write
// transaction without waiting (busy_timeout 0). In WAL mode every open connection (the server's writer and reader, its
// checkpoint thread, a `lowest` command) holds a shared lock on the file for as long as it is open, idle or not, so the
// exclusive lock is refused while any is; a plain BEGIN IMMEDIATE would only see a write in progress, and the server
// is idle most of the time. Replacing the file under an open connection would leave that process writing to the
// kept file (it holds the old inode) or mixing its WAL into the restored one.
//
// The lock is let go before the renames: a connection still open on the old file would, at its close, checkpoint into
// and delete the -wal by its path, which by then is the restored database's. A process that opens the database in
// the instant between is not caught; the server is to be stopped first, and this check finds it when it was not.
//
// -wal and -shm: while it holds the lock, the check folds the WAL into the database and turns the journal to a rollback
// journal, which removes both; the kept file is then the whole old database on its own. A -wal left beside a database
// that cannot be opened goes with the kept file under its name (the pair stays a database), and a -shm is removed: a
// WAL left beside the restored file would be replayed into it.
import { copyFileSync, existsSync, fsyncSync, closeSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { errorCode } from '../sql/dialect.ts';
import type { SqliteDatabase } from './connection.ts';

/** A restore that did not happen, with why; the database is untouched. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoredFile {
  /** The database now holding the backup. */
  database: string;
  /** The backup it came from. */
  source: string;
  /** Where the replaced database is kept; null when there was none (it had been deleted). */
  keptAs: string | null;
  /** The migrations the backup had been through. */
  migrations: string[];
}

/** `20261204T013000Z`: sorts, and needs no quoting in a file name. */
const stamp = (now: Date): string =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const removeWithSidecars = (file: string): void => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
};

/**
 * The backup at `source` checked on a copy of it at `staging`: a SQLite database that passes quick_check, whose
 * schema_migrations lists only migrations of this release, left as one self-contained file (rollback journal).
 */
const stageChecked = (source: string, staging: string, known: ReadonlySet<string>): string[] => {
  copyFileSync(source, staging);
  // A copy of a stopped database may carry its WAL: it is part of the database.
  if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${staging}-wal`);
  let db: SqliteDatabase | null = null;
  try {
    db = new BetterSqlite3(staging, { fileMustExist: true });
    const check = db.prepare('pragma quick_check').pluck().all() as string[];
    if (check.length !== 1 || check[0] !== 'ok') {
      throw new RestoreRefusedError(`${source} is damaged (quick_check: ${check.slice(0, 3).join('; ')}).`);
    }
    const hasTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'")
      .pluck()
      .get();
    const applied = hasTable
      ? (db.prepare('select name from schema_migrations order by name').pluck().all() as string[])
      : [];
    if (applied.length === 0) {
      throw new RestoreRefusedError(
        `${source} is a SQLite database but not a LOWEST UNIQUE one: it records no migrations.`,
      );
    }
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new RestoreRefusedError(
        `${source} was written by a newer release (migrations ${unknown.join(', ')} are unknown here): restore it with that release.`,
      );
    }
    db.pragma('journal_mode = DELETE');
    return applied;
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    const code = errorCode(error);
    if (code === 'SQLITE_NOTADB') throw new RestoreRefusedError(`${source} is not a SQLite database.`);
    if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
      throw new RestoreRefusedError(`${source} is damaged (${error instanceof Error ? error.message : code}).`);
    throw error;
  } finally {
    db?.close();
  }
};

/**
 * Takes the database at `target` from whoever could be using it: refused (RestoreRefusedError) while another process
 * has it open; otherwise its WAL is folded in and removed. A file SQLite cannot open as a database is left as it is.
 */
const quiesce = (target: string): void => {
  let db: SqliteDatabase | null = null;
  try {
    db = new BetterSqlite3(target, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive; commit');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new RestoreRefusedError(
        `${target} is open in another process (the server, or a lowest command): stop it first (e.g. systemctl stop lowest), then restore.`,
      );
    }
    if (code !== 'SQLITE_NOTADB' && !(typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))) throw error;
  } finally {
    db?.close();
  }
};

const syncFolder = (folder: string): void => {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** Replaces the database at `target` with the backup at `source`; `known` names this release's migrations. */
export const restoreSqliteFile = (
  source: string,
  target: string,
  known: readonly string[],
  now: Date,
): RestoredFile => {
  const from = resolve(source);
  const database = resolve(target);
  if (!existsSync(from)) throw new RestoreRefusedError(`${from} does not exist.`);
  if (!statSync(from).isFile()) throw new RestoreRefusedError(`${from} is not a file.`);
  if (from === database) throw new RestoreRefusedError(`${from} is the database itself; name a backup.`);
  const folder = dirname(database);
  if (!existsSync(folder)) throw new RestoreRefusedError(`The database's folder ${folder} does not exist.`);

  // Beside the database, so the final rename stays on one file system and is atomic.
  const staging = `${database}.restoring-${String(process.pid)}`;
  removeWithSidecars(staging);
  let migrations: string[];
  try {
    migrations = stageChecked(from, staging, new Set(known));
    if (existsSync(database)) quiesce(database);
  } catch (error) {
    removeWithSidecars(staging);
    throw error;
  }

  const kept = `${database}.before-restore-${stamp(now)}`;
  const hadDatabase = existsSync(database);
  if (hadDatabase) renameSync(database, kept);
  // A WAL of a database that could not be opened (or is gone) stays with it under the kept name: beside the restored
  // file it would be replayed into it.
  if (existsSync(`${database}-wal`)) renameSync(`${database}-wal`, `${kept}-wal`);
  rmSync(`${database}-shm`, { force: true });
  rmSync(`${database}-journal`, { force: true });
  renameSync(staging, database);
  syncFolder(folder);
  return { database, source: from, keptAs: hadDatabase ? kept : null, migrations };
};
