// A player's latest result in SQL: keyed reads, whatever the size of the game. The latest closed game is the newest
// closed game when the player entered it (the morning after a close, every reader of the result did: one statement);
// otherwise the newest closed game among the player's own entries (entries_user), a second statement that reads every
// game the player entered. Then the player's entries in it, each number's stored tally (game_number_counts' primary
// key), the game's winning (unique per game) and its payout (unique per winning).
import { sql, type Kysely } from 'kysely';
import type { Snapshot } from '../../core/model.ts';
import type { PlayerClosedGame, ResultQueries, TalliedEntry } from '../../core/results/ports.ts';
import { toNullableNumber, toNumber, type SqlContext } from './dialect.ts';
import { payoutStatus } from './payout-repository.ts';
import { prepare } from './prepared.ts';
import type { Database } from './schema.ts';
import { bySubmission } from '../../core/entries/submission-order.ts';

/**
 * The player's rows in the newest closed game: of all games (`among: 'games'`; none when the player has no entry in
 * it) or of the games the player entered (`among: 'own'`).
 */
const playerRowsInNewestClosed = (db: Kysely<Database>, userId: string, among: 'games' | 'own') =>
  db
    .with('latest', (db) =>
      db
        .selectFrom('games as g')
        .select(['g.key', 'g.snapshot'])
        .where('g.status', '=', 'closed')
        .$if(among === 'own', (query) =>
          query.where('g.key', 'in', (eb) =>
            eb.selectFrom('entries as e').select('e.game_key').where('e.user_id', '=', userId),
          ),
        )
        .orderBy('g.closes_at', 'desc')
        .orderBy('g.number', 'desc')
        .limit(sql.lit(1)),
    )
    .selectFrom('latest as l')
    .innerJoin('entries as e', (join) => join.onRef('e.game_key', '=', 'l.key').on('e.user_id', '=', userId))
    .leftJoin('game_number_counts as c', (join) =>
      join.onRef('c.game_key', '=', 'l.key').onRef('c.number', '=', 'e.number'),
    )
    .leftJoin('winnings as w', (join) => join.onRef('w.game_key', '=', 'l.key').on('w.user_id', '=', userId))
    .leftJoin('payouts as p', 'p.winning_id', 'w.id')
    .select([
      'l.key',
      'l.snapshot',
      'e.id',
      'e.number',
      'e.entry_type',
      'e.submitted_at',
      'c.n',
      'c.unique_rank',
      'w.user_id as winner_id',
      'w.prize_type',
      'w.amount_cents',
      'w.currency',
      'p.status as payout_status',
    ]);

const inNewestClosedGame = prepare(1, (db, userId: string) => playerRowsInNewestClosed(db, userId, 'games'));
const inPlayersNewestClosedGame = prepare(1, (db, userId: string) => playerRowsInNewestClosed(db, userId, 'own'));

export class SqlResultQueries implements ResultQueries {
  constructor(private readonly ctx: SqlContext) {}

  async latestClosedGameOf(userId: string): Promise<PlayerClosedGame | null> {
    const newest = await inNewestClosedGame.run(this.ctx, userId);
    const { rows } = newest.rows.length > 0 ? newest : await inPlayersNewestClosedGame.run(this.ctx, userId);
    const [first] = rows;
    // The snapshot column only ever holds what the close wrote; null for a closed game without a stored close.
    if (!first?.snapshot) return null;
    // Sorted here (a player has one or two entries in a game), as the entry repository's forPlayer does.
    const entries = rows
      .map((r): TalliedEntry => ({
        id: r.id,
        number: r.number,
        entryType: r.entry_type === 'bonus' ? 'bonus' : 'standard',
        submittedAt: r.submitted_at,
        tally: r.n === null ? null : { count: toNumber(r.n), uniqueRank: toNullableNumber(r.unique_rank) },
      }))
      .sort(bySubmission);
    return {
      gameKey: first.key,
      snapshot: JSON.parse(first.snapshot) as Snapshot,
      entries,
      winning:
        first.prize_type === null || first.amount_cents === null || first.currency === null
          ? null
          : {
              userId: first.winner_id,
              prize: {
                prizeType: first.prize_type === 'voucher' ? 'voucher' : 'cash',
                amountCents: toNumber(first.amount_cents),
                currency: first.currency,
              },
              payout: first.payout_status === null ? null : { status: payoutStatus(first.payout_status) },
            },
    };
  }
}
