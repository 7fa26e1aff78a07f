// Empties every table the migrations created, read from the database's own catalogue, so a table added by a new
// migration is emptied too; kysely's migration bookkeeping stays.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../adapters/sql/schema.ts';

/** The tables the migrations made, from the database's own catalogue (kysely's bookkeeping left out). */
export const tableNames = async (db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string[]> => {
  const query =
    dialect === 'postgres'
      ? sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`
      : sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`;
  const { rows } = await query.execute(db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
};

export const emptyTables = async (db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> => {
  const tables = await tableNames(db, dialect);
  if (tables.length === 0) throw new Error('No tables to empty: the database is not migrated.');
  if (dialect === 'postgres') {
    await sql.raw(`truncate table ${tables.map((t) => `"${t}"`).join(', ')} cascade`).execute(db);
    return;
  }
  // Foreign keys are checked at COMMIT, when every table is empty.
  await db.transaction().execute(async (trx) => {
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const table of tables) await sql.raw(`delete from "${table}"`).execute(trx);
  });
};
