// The submission's fast path (core/entries/ports.ts, PickFastPath; DESIGN.md §19) on SQLite and PostgreSQL: the
// checks of a player's first pick and its insert as one set-based statement, which stores nothing when any check
// fails. What it buys, measured in docs/performance.md: a first pick runs one statement on PostgreSQL (one round trip
// instead of eight) and two on SQLite, instead of the rule's eight.
import { CompiledQuery } from 'kysely';
import type { StandardPick } from '../../core/entries/ports.ts';
import type { SqlContext } from './dialect.ts';

/** A referral that is not completed or not eligible is pending (referral-repository.ts reads it so). */
const PENDING_REFERRAL = "status not in ('completed', 'not_eligible')";

/**
 * SQLite: a write holds the whole database (BEGIN IMMEDIATE), so the checks need no locks; the signals follow in a
 * statement of their own in the same unit.
 */
const SQLITE_ENTRY = `insert into entries (id, game_key, user_id, number, entry_type, submitted_at, salt, leaf,
  receipt_key_id, receipt_sig)
select ?, g.key, ?, ?, 'standard', ?, ?, ?, ?, ?
from (select key, status, closes_at from games where date = ? order by number desc limit 1) as g
where g.key = ? and g.status = 'open' and g.closes_at > ?
  and exists (select 1 from users where id = ?)
  and not exists (select 1 from entries where game_key = g.key and user_id = ?)
  and not exists (select 1 from referrals where referred_id = ? and ${PENDING_REFERRAL})
on conflict do nothing`;

const sqliteSignals = (count: number): string =>
  `insert into integrity_signals (user_id, kind, hash, day) values ${Array.from({ length: count }, () => '(?, ?, ?, ?)').join(', ')} on conflict do nothing`;
/** The signals' statement for each count a request carries (a device and a network at most, signals.ts), written once. */
const SQLITE_SIGNALS = [sqliteSignals(1), sqliteSignals(2)];

/**
 * PostgreSQL: one statement. The game is locked FOR SHARE before the player FOR UPDATE (the player's scan waits for
 * the game's row: `exists (select 1 from g)` is evaluated before it), the order every write takes them in
 * (core/game/current-game.ts). The player's entries and referral are looked up by the statement's parameters, not by
 * the CTEs' columns, so each is an index lookup on (game, player) in any plan PostgreSQL caches: joined on `u.id`, a
 * cached plan scanned every entry of the game for each pick. A concurrent first pick of the same player that committed
 * while this one waited for the player's lock is not in this statement's snapshot: the unique indexes refuse the
 * second insert (ON CONFLICT DO NOTHING), and the rule runs for it. The insert happens only before `$16` by the
 * database's clock (`clock_timestamp()`, evaluated on the joined row, so after the locks were taken): a statement
 * that reaches the database, or gets its locks, after its request gave up stores nothing.
 */
const POSTGRES_PICK = `with g as (
  select key, status, closes_at from games where date = $1 order by number desc limit 1 for share
), u as (
  select id from users where id = $2 and exists (select 1 from g) for update
), ins as (
  insert into entries (id, game_key, user_id, number, entry_type, submitted_at, salt, leaf, receipt_key_id, receipt_sig)
  select $3, g.key, u.id, $4, 'standard', $5, $6, $7, $14, $15 from g, u
  where g.key = $8 and g.status = 'open' and g.closes_at > $5 and clock_timestamp() < $16::timestamptz
    and not exists (select 1 from entries e where e.game_key = $8 and e.user_id = $2)
    and not exists (select 1 from referrals r where r.referred_id = $2 and r.${PENDING_REFERRAL})
  on conflict do nothing
  returning user_id
), signals as (
  insert into integrity_signals (user_id, kind, hash, day)
  select ins.user_id, s.kind, s.hash, $9 from ins, (values ($10, $11), ($12, $13)) as s (kind, hash)
  where s.hash is not null
  on conflict do nothing
)
select count(*) as stored from ins`;

/** The signals PostgreSQL's statement takes: a request carries a device and a network at most (signals.ts). */
const POSTGRES_SIGNALS = 2;

/**
 * `storeBy`: on PostgreSQL, the instant after which the statement stores nothing (see POSTGRES_PICK); required there.
 * SQLite runs the statements at once, in the unit.
 */
export const submitStandardPick = async (
  ctx: SqlContext & Required<Pick<SqlContext, 'execute'>>,
  pick: StandardPick,
  storeBy?: Date,
): Promise<boolean> => {
  const { entry, signals } = pick;
  if (ctx.dialect.name === 'postgres') {
    if (!storeBy) throw new Error('A PostgreSQL pick needs the instant it must be stored by.');
    if (signals.length > POSTGRES_SIGNALS) throw new Error(`A pick carries at most ${POSTGRES_SIGNALS} signals.`);
    const slots = Array.from({ length: POSTGRES_SIGNALS }, (_, i) => [
      signals[i]?.kind ?? null,
      signals[i]?.hash ?? null,
    ]).flat();
    const { rows } = await ctx.execute<{ stored: string | number }>(
      CompiledQuery.raw(POSTGRES_PICK, [
        pick.gameDate,
        entry.userId,
        entry.id,
        entry.number,
        entry.submittedAt,
        entry.salt,
        entry.leaf,
        entry.gameKey,
        pick.day,
        ...slots,
        entry.signature?.keyId ?? null,
        entry.signature?.sig ?? null,
        storeBy.toISOString(),
      ]),
    );
    return Number(rows[0]?.stored ?? 0) === 1;
  }
  const stored = await ctx.execute(
    CompiledQuery.raw(SQLITE_ENTRY, [
      entry.id,
      entry.userId,
      entry.number,
      entry.submittedAt,
      entry.salt,
      entry.leaf,
      entry.signature?.keyId ?? null,
      entry.signature?.sig ?? null,
      pick.gameDate,
      entry.gameKey,
      entry.submittedAt,
      entry.userId,
      entry.userId,
      entry.userId,
    ]),
  );
  if (Number(stored.numAffectedRows ?? 0n) !== 1) return false;
  if (signals.length > 0) {
    await ctx.execute(
      CompiledQuery.raw(
        SQLITE_SIGNALS[signals.length - 1] ?? sqliteSignals(signals.length),
        signals.flatMap(({ kind, hash }) => [entry.userId, kind, hash, pick.day]),
      ),
    );
  }
  return true;
};
