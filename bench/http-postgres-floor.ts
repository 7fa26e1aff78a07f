// The PostgreSQL floor of the HTTP bench: node:http and postgres.js doing one prepared insert per submission (409 for a
// pick already stored), one prepared select for a player's entries, constant JSON for the game. No session, no rate
// limit, no validation, no receipts: what any server on this machine reaches beside an embedded PostgreSQL with one
// round trip per pick (DESIGN.md §19). Started by http-baseline.ts when DATABASE_URL is set; the cookie names the
// player, as in the SQLite baseline.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import postgres from 'postgres';
import { onPickedNumber, playerOf, sendJson } from './bare-http.ts';

const GAME = 'floor';

export const servePostgresFloor = async (port: number, url: string): Promise<void> => {
  const sql = postgres(url, { max: 10, onnotice: () => undefined });
  await sql.unsafe(`
    create table if not exists floor_entries (id text primary key, game_key text not null, user_id text not null,
      number integer not null, entry_type text not null, submitted_at text not null, unique (game_key, user_id, number));
  `);
  const P = { prepare: true } as const;
  const insert = 'insert into floor_entries values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id';
  const mine = 'select id, number, entry_type, submitted_at from floor_entries where game_key = $1 and user_id = $2';

  createServer((req, res) => {
    const failed = () => sendJson(res, 500, '{"error":"failed"}');
    if (req.method === 'GET' && req.url === '/api/game/today')
      return sendJson(res, 200, JSON.stringify({ gameDate: GAME }));
    if (req.method === 'GET' && req.url === '/api/entry/mine') {
      sql
        .unsafe(mine, [GAME, playerOf(req.headers.cookie)], P)
        .then((rows) => sendJson(res, 200, JSON.stringify({ gameDate: GAME, entries: rows })), failed);
      return;
    }
    if (req.method === 'POST' && req.url === '/api/entry') {
      onPickedNumber(req, (number) => {
        const entry = { id: randomUUID(), number, entryType: 'standard', submittedAt: new Date().toISOString() };
        sql
          .unsafe(insert, [entry.id, GAME, playerOf(req.headers.cookie), number, entry.entryType, entry.submittedAt], P)
          .then(
            (rows) =>
              rows.length === 0
                ? sendJson(res, 409, JSON.stringify({ error: `You already picked ${number} in this game.` }))
                : sendJson(res, 201, JSON.stringify({ entry, message: `Your number ${number} is in. Good luck!` })),
            failed,
          );
      });
      return;
    }
    sendJson(res, 404, '{"error":"Not found."}');
  }).listen(port, '127.0.0.1');
};
