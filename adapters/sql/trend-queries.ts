// The trends read model in SQL: grouped counts, ranked and cut by the database (ORDER BY … LIMIT),
// never by loading the window's entries into JavaScript. Orders mirror core/trends/trend-rules.ts.
import { sql } from 'kysely';
import type { GameDate, GameKey, Instant } from '../../core/model.ts';
import type {
  ChangeDirection,
  NumberChange,
  NumberCount,
  NumberRun,
  TrendGame,
  TrendQueries,
} from '../../core/trends/ports.ts';
import { toNullableNumber, toNumber, type SqlContext } from './dialect.ts';

const keyList = (keys: readonly GameKey[]) => sql.join(keys.map((k) => sql`${k}`));

export class SqlTrendQueries implements TrendQueries {
  constructor(private readonly ctx: SqlContext) {}

  async closedVersion(): Promise<{ closedGames: number; lastClosedAt: Instant | null }> {
    const row = await this.ctx.db
      .selectFrom('games')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('closed_at').as('last')])
      .where('status', '=', 'closed')
      .executeTakeFirstOrThrow();
    return { closedGames: toNumber(row.n), lastClosedAt: row.last ?? null };
  }

  async latestClosedDates(count: number): Promise<GameDate[]> {
    const rows = await this.ctx.db
      .selectFrom('games')
      .select('date')
      .distinct()
      .where('status', '=', 'closed')
      .orderBy('date', 'desc')
      .limit(Math.max(0, count))
      .execute();
    return rows.map((r) => r.date);
  }

  async closedGamesOf(dates: GameDate[]): Promise<TrendGame[]> {
    if (dates.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('games as g')
      .select((eb) => [
        'g.key',
        'g.date',
        'g.number',
        'g.winning_number',
        eb
          .selectFrom('entries as e')
          .select(eb.fn.countAll().as('n'))
          .whereRef('e.game_key', '=', 'g.key')
          .as('entries_total'),
      ])
      .where('g.status', '=', 'closed')
      .where('g.date', 'in', dates)
      .orderBy('g.date')
      .orderBy('g.number')
      .execute();
    return rows.map((r) => ({
      key: r.key,
      date: r.date,
      number: r.number,
      winningNumber: toNullableNumber(r.winning_number),
      entriesTotal: toNumber(r.entries_total),
    }));
  }

  async mostPicked(gameKeys: GameKey[], limit: number): Promise<NumberCount[]> {
    if (gameKeys.length === 0) return [];
    const { rows } = await sql<{ number: number; n: unknown }>`
      select number, count(*) as n from entries
      where game_key in (${keyList(gameKeys)})
      group by number
      order by count(*) desc, number asc
      limit ${limit}`.execute(this.ctx.db);
    return rows.map((r) => ({ number: toNumber(r.number), count: toNumber(r.n) }));
  }

  async changes(
    older: GameKey[],
    newer: GameKey[],
    direction: ChangeDirection,
    limit: number,
  ): Promise<NumberChange[]> {
    if (older.length + newer.length === 0) return [];
    const inHalf = (keys: GameKey[]) =>
      keys.length === 0 ? sql`0` : sql`sum(case when game_key in (${keyList(keys)}) then 1 else 0 end)`;
    const change = direction === 'rising' ? sql`after_count - before_count` : sql`before_count - after_count`;
    const { rows } = await sql<{ number: number; before_count: unknown; after_count: unknown }>`
      with counts as (
        select number, ${inHalf(older)} as before_count, ${inHalf(newer)} as after_count from entries
        where game_key in (${keyList([...older, ...newer])})
        group by number
      )
      select number, before_count, after_count from counts
      where ${change} > 0
      order by ${change} desc, number asc
      limit ${limit}`.execute(this.ctx.db);
    return rows.map((r) => ({
      number: toNumber(r.number),
      before: toNumber(r.before_count),
      after: toNumber(r.after_count),
    }));
  }

  async unpickedRuns(gameKeys: GameKey[], upTo: number, limit: number): Promise<NumberRun[]> {
    if (upTo < 1) return [];
    if (gameKeys.length === 0) return [{ from: 1, to: upTo }];
    // Each picked number (and 0 as the floor) opens a run up to the next picked number, when there is
    // a gap; bigint because upTo + 1 may pass PostgreSQL's integer range.
    const { rows } = await sql<{ run_from: unknown; run_to: unknown }>`
      with picked as (
        select distinct cast(number as bigint) as number from entries
        where game_key in (${keyList(gameKeys)}) and number <= ${upTo}
      ),
      bounds as (
        select number, coalesce(lead(number) over (order by number), cast(${upTo + 1} as bigint)) as next_number
        from (select cast(0 as bigint) as number union all select number from picked) floors
      )
      select number + 1 as run_from, next_number - 1 as run_to from bounds
      where next_number > number + 1
      order by number
      limit ${limit}`.execute(this.ctx.db);
    return rows.map((r) => ({ from: toNumber(r.run_from), to: toNumber(r.run_to) }));
  }
}
