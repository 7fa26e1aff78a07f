import type { Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { Entry, GameKey, Instant } from '../../core/model.ts';
import type { EntryRepository, NewEntry } from '../../core/entries/ports.ts';
import { affected, receiptSignature, toNumber, type SqlContext } from './dialect.ts';
import type { EntriesTable } from './schema.ts';
import { prepare } from './prepared.ts';
import { bySubmission } from '../../core/entries/submission-order.ts';

// The statements of every submission and every read of a player's picks (prepared.ts).
const insertEntry = prepare(
  10,
  (
    db,
    id: string,
    gameKey: string,
    userId: string,
    number: number,
    entryType: string,
    submittedAt: string,
    salt: string,
    leaf: string,
    keyId: string | null,
    sig: string | null,
  ) =>
    db
      .insertInto('entries')
      .values({
        id,
        game_key: gameKey,
        user_id: userId,
        number,
        entry_type: entryType,
        submitted_at: submittedAt,
        salt,
        leaf,
        receipt_key_id: keyId,
        receipt_sig: sig,
      })
      // ON CONFLICT DO NOTHING instead of catching the violation: a failed statement would abort a
      // PostgreSQL transaction, and the caller may want to go on after the DomainError.
      .onConflict((oc) => oc.doNothing()),
);
const playerEntries = prepare(2, (db, gameKey: string, userId: string) =>
  db.selectFrom('entries').selectAll().where('game_key', '=', gameKey).where('user_id', '=', userId),
);
const playerEntryCount = prepare(1, (db, userId: string) =>
  db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId),
);

const toEntry = (row: Selectable<EntriesTable>): Entry => ({
  id: row.id,
  gameKey: row.game_key,
  userId: row.user_id,
  number: row.number,
  entryType: row.entry_type === 'bonus' ? 'bonus' : 'standard',
  submittedAt: row.submitted_at,
  salt: row.salt,
  leaf: row.leaf,
  ...receiptSignature(row),
});

export class SqlEntryRepository implements EntryRepository {
  constructor(private readonly ctx: SqlContext) {}

  async add(entry: NewEntry): Promise<Entry> {
    const { db } = this.ctx;
    const { id, gameKey, userId, number, entryType, submittedAt, salt, leaf } = entry;
    const { keyId, sig } = entry.signature ?? { keyId: null, sig: null };
    const result = await insertEntry.run(
      this.ctx,
      id,
      gameKey,
      userId,
      number,
      entryType,
      submittedAt,
      salt,
      leaf,
      keyId,
      sig,
    );
    if (Number(result.numAffectedRows ?? 0n) > 0) return { ...entry };
    const mine = await db
      .selectFrom('entries')
      .select(['number', 'entry_type'])
      .where('game_key', '=', entry.gameKey)
      .where('user_id', '=', entry.userId)
      .execute();
    if (mine.some((e) => e.number === entry.number)) {
      throw new DomainError('DUPLICATE_NUMBER', `You already picked ${entry.number} in this game.`);
    }
    if (mine.some((e) => e.entry_type === entry.entryType)) {
      throw new DomainError('ENTRY_LIMIT', 'No more entries left for this game.');
    }
    throw new DomainError('CONFLICT', `Entry ${entry.id} already exists.`);
  }

  async forPlayer(gameKey: GameKey, userId: string): Promise<Entry[]> {
    // Sorted here (a player has one or two entries): an ORDER BY submitted_at steers SQLite's planner
    // to the (game_key, submitted_at) index and a scan of the whole game on every submit and read.
    const { rows } = await playerEntries.run(this.ctx, gameKey, userId);
    return rows.map(toEntry).sort(bySubmission);
  }

  async gameKeysOfPlayer(userId: string, after: GameKey | null, limit: number): Promise<GameKey[]> {
    const { db } = this.ctx;
    const rows = await db
      .selectFrom('entries')
      .select('game_key')
      .where('user_id', '=', userId)
      .$if(after !== null, (q) => q.where('game_key', '>', after ?? ''))
      .union(
        db
          .selectFrom('mines')
          .select('game_key')
          .where('user_id', '=', userId)
          .$if(after !== null, (q) => q.where('game_key', '>', after ?? '')),
      )
      .orderBy('game_key')
      .limit(limit)
      .execute();
    return rows.map((r) => r.game_key);
  }

  async countForPlayer(userId: string): Promise<number> {
    const [row] = (await playerEntryCount.run(this.ctx, userId)).rows;
    return toNumber(row?.n ?? 0);
  }

  async isPickedByOthers(gameKey: GameKey, number: number, exceptUserId: string): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('entries')
      .select('id')
      .where('game_key', '=', gameKey)
      .where('number', '=', number)
      .where((eb) => eb.or([eb('user_id', '<>', exceptUserId), eb('user_id', 'is', null)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async pickCounts(gameKey: GameKey, numbers: number[]): Promise<Map<number, number>> {
    const counts = new Map(numbers.map((n) => [n, 0]));
    if (numbers.length === 0) return counts;
    const rows = await this.ctx.db
      .selectFrom('entries')
      .select((eb) => ['number', eb.fn.countAll().as('n')])
      .where('game_key', '=', gameKey)
      .where('number', 'in', numbers)
      .groupBy('number')
      .execute();
    for (const r of rows) counts.set(r.number, toNumber(r.n));
    return counts;
  }

  async uniqueNumbersBelow(gameKey: GameKey, number: number, minedNumbers: number[]): Promise<number> {
    const { db } = this.ctx;
    // Grouped over the (game_key, number) index range below the number: never the whole game.
    let once = db
      .selectFrom('entries')
      .select('number')
      .where('game_key', '=', gameKey)
      .where('number', '<', number)
      .groupBy('number')
      .having((eb) => eb.fn.countAll(), '=', 1);
    if (minedNumbers.length > 0) once = once.where('number', 'not in', minedNumbers);
    const row = await db
      .selectFrom(once.as('once'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  }

  async counts(gameKey: GameKey): Promise<{ totalNumbers: number; uniqueNumbers: number }> {
    const row = await this.#withCounts(gameKey)
      .selectFrom('counts')
      .select((eb) => [
        eb.fn.sum('n').as('total'),
        eb.fn.sum(eb.case().when('n', '=', 1).then(1).else(0).end()).as('unique'),
      ])
      .executeTakeFirstOrThrow();
    return { totalNumbers: toNumber(row.total), uniqueNumbers: toNumber(row.unique) };
  }

  async playerIds(gameKey: GameKey): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('entries')
      .select('user_id')
      .distinct()
      .where('game_key', '=', gameKey)
      .where('user_id', 'is not', null)
      .orderBy('user_id')
      .execute();
    return rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
  }

  async forGuild(
    gameKey: GameKey,
    guildId: string,
  ): Promise<{ userId: string; playerName: string; number: number; submittedAt: Instant }[]> {
    const rows = await this.ctx.db
      .selectFrom('entries as e')
      .innerJoin('guild_members as gm', 'gm.user_id', 'e.user_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.id', 'u.display_name', 'e.number', 'e.submitted_at'])
      .where('e.game_key', '=', gameKey)
      .where('gm.guild_id', '=', guildId)
      .orderBy('e.submitted_at')
      .orderBy('e.id')
      .execute();
    return rows.map((r) => ({
      userId: r.id,
      playerName: r.display_name,
      number: r.number,
      submittedAt: r.submitted_at,
    }));
  }

  async deleteBotEntries(gameKey: GameKey): Promise<number> {
    const { db, dialect } = this.ctx;
    const result = await db
      .deleteFrom('entries')
      .where('game_key', '=', gameKey)
      .where('user_id', 'in', db.selectFrom('users').select('id').where('is_bot', '=', dialect.bool(true)))
      .executeTakeFirstOrThrow();
    return affected(result);
  }

  async detachFromUser(userId: string): Promise<void> {
    await this.ctx.db.updateTable('entries').set({ user_id: null }).where('user_id', '=', userId).execute();
  }

  /** A `counts` CTE: how many entries carry each number of the game. */
  #withCounts(gameKey: GameKey) {
    return this.ctx.db.with('counts', (db) =>
      db
        .selectFrom('entries')
        .select((eb) => ['number', eb.fn.countAll<number>().as('n')])
        .where('game_key', '=', gameKey)
        .groupBy('number'),
    );
  }
}
