// The PostgreSQL floor of the HTTP bench: node:http and postgres.js doing the least work a submission can do while it
// keeps the project's guarantees, in the statements the project sends (every one prepared): the session's lookup, then
// one transaction: BEGIN with the game's share lock, the player's lock, the player's entries and a referral in one
// round trip, the insert, COMMIT. No rate limit, no JSON validation, no receipts. It shows what any server on this
// machine that keeps a submission in one transaction can reach beside an embedded PostgreSQL (docs/performance.md).
// Started by http-baseline.ts when DATABASE_URL is set; the cookie names the player, as in the SQLite baseline.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import postgres from 'postgres';
import { onPickedNumber, playerOf, sendJson } from './bare-http.ts';

/** Players the load may name, in each of the bench's synthetic pools (submitters, readers, rush players). */
export const BARE_PLAYERS = 200_000;
const GAME = 'floor';

export const servePostgresFloor = async (port: number, url: string): Promise<void> => {
  const sql = postgres(url, { max: 10, onnotice: () => undefined });
  await sql.unsafe(`
    create table if not exists floor_games (key text primary key, status text not null);
    create table if not exists floor_users (id text primary key, role text not null);
    create table if not exists floor_referrals (referred_id text primary key, status text not null);
    create table if not exists floor_entries (id text primary key, game_key text not null references floor_games, user_id text not null references floor_users,
      number integer not null, submitted_at text not null, unique (game_key, user_id, number));
    insert into floor_games values ('${GAME}', 'open') on conflict do nothing;
    insert into floor_users select p || i, 'player' from generate_series(0, ${BARE_PLAYERS}) i, unnest(array['s', 'r', 'u']) p on conflict do nothing;
  `);
  const P = { prepare: true } as const;

  const submit = async (player: string, number: number) => {
    const [user] = await sql.unsafe('select id, role from floor_users where id = $1', [player], P);
    if (!user) return null;
    const reserved = await sql.reserve();
    try {
      // Sent now, ahead of the reads (a postgres.js query goes out when awaited or executed).
      const begun = reserved.unsafe('begin').execute();
      const [game, locked, entries, referral] = await Promise.all([
        reserved.unsafe('select key, status from floor_games where key = $1 for share', [GAME], P),
        reserved.unsafe('select id from floor_users where id = $1 for update', [player], P),
        reserved.unsafe('select id, number from floor_entries where game_key = $1 and user_id = $2', [GAME, player], P),
        reserved.unsafe('select status from floor_referrals where referred_id = $1', [player], P),
      ]);
      await begun;
      if (game.length === 0 || locked.length === 0 || entries.length > 0 || referral.length > 1) throw new Error('unexpected state');
      const entry = { id: randomUUID(), number, entryType: 'standard', submittedAt: new Date().toISOString() };
      await reserved.unsafe('insert into floor_entries values ($1, $2, $3, $4, $5)', [entry.id, GAME, player, number, entry.submittedAt], P);
      await reserved.unsafe('commit');
      return entry;
    } catch (error) {
      await reserved.unsafe('rollback').catch(() => undefined);
      throw error;
    } finally {
      reserved.release();
    }
  };

  createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/api/game/today') return sendJson(res, 200, JSON.stringify({ gameDate: GAME }));
    if (req.method === 'POST' && req.url === '/api/entry') {
      onPickedNumber(req, (number) => {
        submit(playerOf(req.headers.cookie), number).then(
          (entry) => (entry ? sendJson(res, 201, JSON.stringify({ entry })) : sendJson(res, 401, '{"error":"Please sign in first."}')),
          () => sendJson(res, 500, '{"error":"failed"}'),
        );
      });
      return;
    }
    sendJson(res, 404, '{"error":"Not found."}');
  }).listen(port, '127.0.0.1');
};
