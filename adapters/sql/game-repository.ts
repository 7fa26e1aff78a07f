import { sql, type Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { Game, GameDate, GameKey, GameStats, Instant } from '../../core/model.ts';
import type { GameRepository, RowLock } from '../../core/game/ports.ts';
import { affected, type SqlContext } from './dialect.ts';
import type { GamesTable } from './schema.ts';
import { prepareLocking } from './prepared.ts';

// Every submission reads the day's game and locks it (prepared.ts). PostgreSQL re-reads a row after waiting for its lock.
const lockGame = prepareLocking(1, (db, key: string) => db.selectFrom('games').selectAll().where('key', '=', key));
// LIMIT 1 written into the SQL: SQLite answers it in 5 µs, a bound `limit ?` in 12 µs.
const latestGameOn = prepareLocking(1, (db, date: string) =>
  db.selectFrom('games').selectAll().where('date', '=', date).orderBy('number', 'desc').limit(sql.lit(1)),
);

const toGame = (row: Selectable<GamesTable>): Game => ({
  key: row.key,
  date: row.date,
  number: row.number,
  status: row.status === 'closed' ? 'closed' : 'open',
  opensAt: row.opens_at,
  closesAt: row.closes_at,
  closedAt: row.closed_at,
});

// The stats and snapshot columns only ever hold what markClosed wrote.
const parseStats = (json: string): GameStats => JSON.parse(json) as GameStats;

export class SqlGameRepository implements GameRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(game: Game): Promise<Game> {
    const result = await this.ctx.db
      .insertInto('games')
      .values({
        key: game.key,
        date: game.date,
        number: game.number,
        status: game.status,
        opens_at: game.opensAt,
        closes_at: game.closesAt,
        closed_at: game.closedAt,
        winning_number: null,
        stats: null,
        snapshot: null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) === 0) throw new DomainError('CONFLICT', `Game ${game.key} already exists.`);
    return { ...game };
  }

  async byKey(key: GameKey): Promise<Game | null> {
    const row = await this.ctx.db.selectFrom('games').selectAll().where('key', '=', key).executeTakeFirst();
    return row ? toGame(row) : null;
  }

  async lock(key: GameKey, mode: RowLock): Promise<Game | null> {
    this.ctx.lockOrder?.game();
    const [row] = (await lockGame.run(this.ctx, mode, key)).rows;
    return row ? toGame(row) : null;
  }

  async latestForDate(date: GameDate, lock?: RowLock): Promise<Game | null> {
    if (lock) this.ctx.lockOrder?.game();
    const [row] = (await latestGameOn.run(this.ctx, lock, date)).rows;
    return row ? toGame(row) : null;
  }

  async listDue(now: Instant): Promise<Game[]> {
    const rows = await this.ctx.db
      .selectFrom('games')
      .selectAll()
      .where('status', '=', 'open')
      .where('closes_at', '<=', now)
      .orderBy('closes_at')
      .orderBy('number')
      .execute();
    return rows.map(toGame);
  }

  async listOpen(): Promise<Game[]> {
    const rows = await this.ctx.db
      .selectFrom('games')
      .selectAll()
      .where('status', '=', 'open')
      .orderBy('closes_at')
      .orderBy('number')
      .execute();
    return rows.map(toGame);
  }

  async markClosed(key: GameKey, closedAt: Instant, stats: GameStats): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('games')
      .set({
        status: 'closed',
        closed_at: closedAt,
        winning_number: stats.snapshot.winningNumber,
        stats: JSON.stringify({ ...stats, gameKey: key }),
        snapshot: JSON.stringify(stats.snapshot),
      })
      .where('key', '=', key)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return affected(result) > 0;
  }

  async stats(key: GameKey): Promise<GameStats | null> {
    const row = await this.ctx.db
      .selectFrom('games')
      .select('stats')
      .where('key', '=', key)
      .where('status', '=', 'closed')
      .executeTakeFirst();
    return row?.stats ? parseStats(row.stats) : null;
  }

  async history(limit: number): Promise<Game[]> {
    const rows = await this.ctx.db
      .selectFrom('games')
      .selectAll()
      .orderBy('closes_at', 'desc')
      .orderBy('number', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toGame);
  }

  async latestChange(): Promise<{ latestGame: GameKey | null; latestClose: Instant | null }> {
    // Two small reads that never touch the stats column: the games table holds a row a day.
    const latest = await this.ctx.db
      .selectFrom('games')
      .select('key')
      .orderBy('closes_at', 'desc')
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    const closed = await this.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.max('closed_at').as('latest'))
      .executeTakeFirst();
    return { latestGame: latest?.key ?? null, latestClose: closed?.latest ?? null };
  }

  async latestClosed(): Promise<Game | null> {
    const row = await this.ctx.db
      .selectFrom('games')
      .selectAll()
      .where('status', '=', 'closed')
      .orderBy('closes_at', 'desc')
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toGame(row) : null;
  }
}
