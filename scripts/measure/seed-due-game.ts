// Writes a SQLite database holding one game that is already due, with 200,000 entries (100,000
// players × 2), using the schema and store of the checkout at <repo>: the start-up measurements
// then time how a server copes with a catch-up close of that size.
// Usage: node --import tsx scripts/measure/seed-due-game.ts <repo> <file.db> [entries]
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';

const [repo = '.', file = 'due-game.db', count = '200000'] = process.argv.slice(2);
const entries = Number(count);
const { createSqliteStore } = (await import(
  pathToFileURL(join(resolve(repo), 'adapters', 'sqlite', 'store.ts')).href
)) as typeof import('../../adapters/sqlite/store.ts');

const store = await createSqliteStore(resolve(file));
const GAME = '2026-01-05';
const OPENS = '2026-01-04T00:00:00.000Z';
let seed = 2026;
// A small LCG: the figures must not depend on Math.random between runs.
const pick = () => {
  // Math.imul: the plain product passes 2^53 and loses the low bits, which made the old
  // `(seed * 1103515245 + 12345) % 2^31` cycle early (3,377 distinct numbers out of 50,000).
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  // Numbers 1…entries/4, as bench:close draws them (50,000 for the default 200,000), from the high bits.
  return 1 + Math.floor((seed / 2147483648) * Math.max(2, Math.floor(entries / 4)));
};
// Trees with verifiable fairness (DESIGN.md §16) store a salt and a leaf with each entry; older ones have neither.
const { rows: columns } = await sql<{ name: string }>`pragma table_info(entries)`.execute(store.db);
const sealed = columns.some((column) => column.name === 'leaf');
const seal = (id: string, number: number): { salt: string; leaf: string } => {
  // An older tree's table has no such columns: its rows go without them (the types are this tree's).
  if (!sealed) return {} as { salt: string; leaf: string };
  const salt = createHash('sha256').update(`salt|${id}`).digest('hex').slice(0, 32);
  return {
    salt,
    leaf: createHash('sha256').update(`lowest-unique/v1/entry|${GAME}|${id}|${number}|${salt}`).digest('hex'),
  };
};
await store.db.transaction().execute(async (trx) => {
  await trx
    .insertInto('games')
    .values({
      key: GAME,
      date: GAME,
      number: 1,
      status: 'open',
      opens_at: OPENS,
      closes_at: '2026-01-05T00:00:00.000Z',
      closed_at: null,
      winning_number: null,
      stats: null,
    })
    .execute();
  const players = entries / 2;
  for (let start = 0; start < players; start += 500) {
    const ids = Array.from(
      { length: Math.min(500, players - start) },
      (_, i) => `p${String(start + i).padStart(6, '0')}`,
    );
    await trx
      .insertInto('users')
      .values(
        ids.map((id) => ({
          id,
          email: `${id}@seed.invalid`,
          display_name: id,
          role: 'player',
          google_sub: null,
          referral_code: id.toUpperCase().padEnd(12, 'X'),
          is_bot: 0,
          created_at: OPENS,
        })),
      )
      .execute();
    await trx
      .insertInto('player_stats')
      .values(
        ids.map((id) => ({
          user_id: id,
          wins: 0,
          entries: 0,
          current_streak: 0,
          best_streak: 0,
          last_played_date: null,
          last_played_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('entries')
      .values(
        ids.flatMap((id) => {
          const first = pick();
          let second = pick();
          while (second === first) second = pick();
          return [
            {
              id: `${id}-a`,
              game_key: GAME,
              user_id: id,
              number: first,
              entry_type: 'standard',
              submitted_at: OPENS,
              ...seal(`${id}-a`, first),
            },
            {
              id: `${id}-b`,
              game_key: GAME,
              user_id: id,
              number: second,
              entry_type: 'bonus',
              submitted_at: OPENS,
              ...seal(`${id}-b`, second),
            },
          ];
        }),
      )
      .execute();
  }
});
await store.close();
console.log(`seeded ${entries} entries of the due game ${GAME} into ${file}`);
