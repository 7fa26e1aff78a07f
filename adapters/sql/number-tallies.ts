// The close's tallies in SQL: the game's entries grouped per number ONCE (game_number_counts, filled by
// one INSERT … SELECT … GROUP BY), then small reads over those rows. The rules combining them are core's.
import { sql } from 'kysely';
import type { GameKey, HistogramRow } from '../../core/model.ts';
import type { EntryHolder, NumberTallies, NumberTally, TallyTotals } from '../../core/game/ports.ts';
import { toNullableNumber, toNumber, type SqlContext } from './dialect.ts';

export class SqlNumberTallies implements NumberTallies {
  constructor(private readonly ctx: SqlContext) {}

  async countNumbers(gameKey: GameKey, minedNumbers: readonly number[]): Promise<void> {
    const { db } = this.ctx;
    await db.deleteFrom('game_number_counts').where('game_key', '=', gameKey).execute();
    const unique =
      minedNumbers.length === 0 ? sql`n = 1` : sql`n = 1 and number not in (${sql.join([...new Set(minedNumbers)])})`;
    // One pass over the (game_key, number) index; the running sums ride on the grouped rows (about a
    // quarter as many), so the median and the unique ranks need no second look at the entries.
    await sql`
      insert into game_number_counts (game_key, number, n, below, unique_rank)
      select ${gameKey}, number, n,
        sum(n) over running - n,
        case when ${unique} then sum(case when ${unique} then 1 else 0 end) over running end
      from (select number, count(*) as n from entries where game_key = ${gameKey} group by number) counted
      window running as (order by number rows between unbounded preceding and current row)`.execute(db);
  }

  async totals(gameKey: GameKey): Promise<TallyTotals> {
    const row = await this.ctx.db
      .selectFrom('game_number_counts')
      .select((eb) => [
        eb.fn.countAll().as('distinct'),
        eb.fn.sum('n').as('entries'),
        // bigint: number × n overflows a PostgreSQL integer.
        eb.fn.sum(sql`cast(number as bigint) * n`).as('sum'),
        eb.fn.max('number').as('highest'),
        eb.fn.max('n').as('top'),
        eb.fn.count('unique_rank').as('uniques'),
      ])
      .where('game_key', '=', gameKey)
      .executeTakeFirstOrThrow();
    return {
      entries: toNumber(row.entries),
      sum: toNumber(row.sum),
      distinct: toNumber(row.distinct),
      highest: toNullableNumber(row.highest),
      topCount: toNumber(row.top),
      uniques: toNumber(row.uniques),
    };
  }

  async lowestUniques(gameKey: GameKey, limit: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('game_number_counts')
      .select('number')
      .where('game_key', '=', gameKey)
      .where('unique_rank', 'is not', null)
      .orderBy('number')
      .limit(limit)
      .execute();
    return rows.map((r) => r.number);
  }

  async numberAtOffset(gameKey: GameKey, offset: number): Promise<number | null> {
    const row = await this.ctx.db
      .selectFrom('game_number_counts')
      .select('number')
      .where('game_key', '=', gameKey)
      .where(sql<number>`below + n`, '>', offset)
      .orderBy('number')
      .limit(1)
      .executeTakeFirst();
    return row?.number ?? null;
  }

  async lowestUnpicked(gameKey: GameKey): Promise<number> {
    // 1 when free; else one past the first counted number whose successor is not counted. Walked up the
    // primary key from 1 with one lookup per step, so it stops at the first gap (a few rows on a real day).
    // bigint: the number after 2,147,483,647 does not fit a PostgreSQL integer.
    const row = await sql<{ free: unknown }>`
      select case
        when not exists (select 1 from game_number_counts where game_key = ${gameKey} and number = 1) then 1
        else (select cast(c.number as bigint) + 1 from game_number_counts c
              where c.game_key = ${gameKey} and c.number >= 1
                and not exists (select 1 from game_number_counts d where d.game_key = c.game_key and d.number = cast(c.number as bigint) + 1)
              order by c.number limit 1)
      end as free`.execute(this.ctx.db);
    return toNumber(row.rows[0]?.free ?? 1);
  }

  async rows(
    gameKey: GameKey,
    filter: { count?: number; exceptCount?: number; limit?: number },
  ): Promise<HistogramRow[]> {
    let query = this.ctx.db.selectFrom('game_number_counts').select(['number', 'n']).where('game_key', '=', gameKey);
    if (filter.count !== undefined) query = query.where('n', '=', filter.count);
    if (filter.exceptCount !== undefined) query = query.where('n', '<>', filter.exceptCount);
    if (filter.limit !== undefined) query = query.limit(filter.limit);
    const rows = await query.orderBy('number').execute();
    return rows.map((r) => ({ number: r.number, count: toNumber(r.n) }));
  }

  async holders(gameKey: GameKey, numbers: readonly number[]): Promise<EntryHolder[]> {
    if (numbers.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('entries')
      .select(['id', 'user_id', 'number'])
      .where('game_key', '=', gameKey)
      .where('number', 'in', [...numbers])
      .execute();
    return rows.map((r) => ({ entryId: r.id, userId: r.user_id, number: r.number }));
  }

  async storedTallies(gameKey: GameKey, numbers: readonly number[]): Promise<Map<number, NumberTally> | null> {
    if (numbers.length === 0) return new Map();
    const rows = await this.ctx.db
      .selectFrom('game_number_counts')
      .select(['number', 'n', 'unique_rank'])
      .where('game_key', '=', gameKey)
      .where('number', 'in', [...numbers])
      .execute();
    const tallies = new Map(
      rows.map((r) => [r.number, { count: toNumber(r.n), uniqueRank: toNullableNumber(r.unique_rank) }]),
    );
    return numbers.every((n) => tallies.has(n)) ? tallies : null;
  }

  /** The twin of core/rewards/peak-earners.ts over the counted rows, held equal to it by test/contract/close-rules.test.ts. */
  async uniqueHolders(gameKey: GameKey, exceptNumber: number | null): Promise<string[]> {
    // From the counted unique numbers to their one entry each, through the (game_key, number, user_id) index: the
    // CROSS JOIN keeps SQLite from walking every entry of the game instead (2.7 s at a million entries).
    const rows = await this.ctx.db
      .selectFrom('game_number_counts as c')
      .crossJoin('entries as e')
      .select('e.user_id')
      .distinct()
      .whereRef('e.game_key', '=', 'c.game_key')
      .whereRef('e.number', '=', 'c.number')
      .where('c.game_key', '=', gameKey)
      .where('c.unique_rank', 'is not', null)
      .where('e.user_id', 'is not', null)
      .$if(exceptNumber !== null, (qb) => qb.where('c.number', '<>', exceptNumber ?? 0))
      .orderBy('e.user_id')
      .execute();
    return rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
  }
}
