// Verifiable fairness (DESIGN.md §16): a salt and its leaf on every entry and mine, the root (or why
// there is none) on every game. Existing rows get fresh salts, so the game open during the upgrade is
// committed in full at its close; games closed before it publish no root and say why.
import { randomBytes, randomUUID } from 'node:crypto';
import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';
import { entryLeaf, mineLeaf, SALT_BYTES } from '../../../core/fairness/hashes.ts';
import { NO_ROOT_REASON } from '../../../core/fairness/record.ts';
import { nodeDigest } from '../../crypto/node-digest.ts';

const text = 'text' as const;
const int = 'integer' as const;
const PAGE = 500;

const newSalt = (): string => randomBytes(SALT_BYTES).toString('hex');

/**
 * Leaves are hex and ordered as strings. SQLite's default collation compares bytes already; a
 * PostgreSQL column gets "C" so that ORDER BY and the index agree with JavaScript's string order
 * whatever the database's locale.
 */
const leafType = (isSqlite: boolean) => (isSqlite ? sql`text` : sql`text collate "C"`);

/** Gives every existing entry a salt and its leaf, a page at a time in id order (one UPDATE … FROM per page). */
async function sealExistingEntries(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; game_key: string; number: number }>`
      select id, game_key, number from entries where id > ${after} order by id limit ${PAGE}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const values = rows.map((r) => {
      const salt = newSalt();
      return sql`(${r.id}, ${salt}, ${entryLeaf(nodeDigest, r.game_key, r.id, Number(r.number), salt)})`;
    });
    await sql`with v(id, salt, leaf) as (values ${sql.join(values)})
      update entries set salt = v.salt, leaf = v.leaf from v where entries.id = v.id`.execute(db);
    after = last.id;
  }
}

export const fairness: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;

    // Entries: the columns stay nullable in the table (SQLite cannot add a NOT NULL column without a
    // default) but every row has them from here on: the repositories always write both.
    await db.schema.alterTable('entries').addColumn('salt', text).execute();
    await db.schema.alterTable('entries').addColumn('leaf', leafType(isSqlite)).execute();
    await sealExistingEntries(db);
    // The close reads a game's leaves in order, a page at a time, straight from this index. Unique: a
    // leaf names its entry (two equal leaves would be a SHA-256 collision), so `leaf > last` pages exactly.
    await db.schema.createIndex('entries_game_leaf').on('entries').columns(['game_key', 'leaf']).unique().execute();

    // Mines get an id (their leaf names it) and outlive a deleted account in closed games, whose
    // record they belong to: user_id becomes nullable and detaches instead of cascading.
    await db.schema
      .createTable('mines_v2')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('game_key', text, (c) => c.notNull().references('games.key'))
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('number', int, (c) => c.notNull())
      .addColumn('placed_at', text, (c) => c.notNull())
      .addColumn('salt', text, (c) => c.notNull())
      .addColumn('leaf', leafType(isSqlite), (c) => c.notNull())
      .execute();
    const { rows: mines } = await sql<{ game_key: string; user_id: string; number: number; placed_at: string }>`
      select game_key, user_id, number, placed_at from mines`.execute(db);
    for (const m of mines) {
      const id = randomUUID();
      const salt = newSalt();
      const leaf = mineLeaf(nodeDigest, m.game_key, id, Number(m.number), salt);
      await sql`insert into mines_v2 (id, game_key, user_id, number, placed_at, salt, leaf)
        values (${id}, ${m.game_key}, ${m.user_id}, ${m.number}, ${m.placed_at}, ${salt}, ${leaf})`.execute(db);
    }
    await db.schema.dropTable('mines').execute();
    await db.schema.alterTable('mines_v2').renameTo('mines').execute();
    // One mine per player per game, as before (detached rows have a null user and never clash).
    await db.schema.createIndex('mines_game_user').on('mines').columns(['game_key', 'user_id']).unique().execute();
    await db.schema.createIndex('mines_game_leaf').on('mines').columns(['game_key', 'leaf']).execute();
    await db.schema.createIndex('mines_user').on('mines').column('user_id').execute();

    await db.schema.alterTable('games').addColumn('fairness_root', text).execute();
    await db.schema.alterTable('games').addColumn('fairness_reason', text).execute();
    await sql`update games set fairness_reason = ${NO_ROOT_REASON} where status = 'closed'`.execute(db);
  },

  // Mines keep their new shape (id, salt, leaf, detachable user): the old table has no place for what
  // closed games publish, and dropping it would change their records.
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('games').dropColumn('fairness_reason').execute();
    await db.schema.alterTable('games').dropColumn('fairness_root').execute();
    await db.schema.dropIndex('entries_game_leaf').execute();
    await db.schema.alterTable('entries').dropColumn('leaf').execute();
    await db.schema.alterTable('entries').dropColumn('salt').execute();
  },
};
