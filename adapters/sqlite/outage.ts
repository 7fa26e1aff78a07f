// A database that cannot take writes (the disk full, failing or read-only): told from any other failure, and the write
// that finds out whether it takes them again.
import { StoreUnavailableError } from '../../core/errors.ts';
import type { Connection } from './connection.ts';

/** What the probe of a database that refused a write writes (`probeWrite`). */
const PROBE_BYTES = 64 * 1024;

/** SQLite's result codes of a database that cannot take writes: the disk is full, failing, or read-only. */
const NOT_WRITABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/;

/** The one place that tells a database that cannot take writes (an outage) from any other failure. */
export const outageOr = (error: unknown): unknown => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && NOT_WRITABLE.test(code)
    ? new StoreUnavailableError(`The database cannot be written (${code}).`, { cause: error })
    : error;
};

/**
 * Writes 64 KiB in a table of its own, committed and dropped, on `writer` (whose lock the caller holds); throws if the
 * database refuses them. A database at its size limit or on a full disk refuses them, and one that takes them has room
 * for more than a pick or two.
 */
export const probeWrite = (writer: Connection): void => {
  writer.run('begin immediate');
  try {
    writer.raw.exec(
      `create table lowest_write_probe (x); insert into lowest_write_probe values (zeroblob(${PROBE_BYTES}));
              drop table lowest_write_probe;`,
    );
    writer.run('commit');
  } finally {
    if (writer.raw.inTransaction) writer.run('rollback');
  }
};
