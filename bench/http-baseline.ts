// The bare baseline of the HTTP bench: node:http and better-sqlite3 (WAL) doing the least work of
// the same shape as the project's routes: constant JSON for the game, one prepared select for a
// player's entries, one prepared insert for a submission (409 for a pick already stored). Run as its own process:
// PORT=… DATABASE_FILE=… node --import tsx bench/http-baseline.ts
// With DATABASE_URL=postgres://… instead: the PostgreSQL floor (http-postgres-floor.ts).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { onPickedNumber, playerOf, sendJson } from './bare-http.ts';
import { servePostgresFloor } from './http-postgres-floor.ts';
import { NUMBER_LIMITS } from '../core/game/number-limits.ts';

const port = Number(process.env['PORT']);
const file = process.env['DATABASE_FILE'];
const postgresUrl = process.env['DATABASE_URL'];
if (!Number.isInteger(port) || port <= 0 || (!file && !postgresUrl))
  throw new Error('PORT and DATABASE_FILE (or DATABASE_URL) are required');
if (postgresUrl) await servePostgresFloor(port, postgresUrl);
else serveSqlite(port, file ?? '');

function serveSqlite(port: number, file: string): void {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table if not exists entries (
    id text primary key, game_key text not null, user_id text not null, number integer not null,
    entry_type text not null, submitted_at text not null)`);
  db.exec('create unique index if not exists entries_player on entries (game_key, user_id, number)');

  const GAME_KEY = 'baseline';
  const insert = db.prepare(
    'insert into entries (id, game_key, user_id, number, entry_type, submitted_at) values (?, ?, ?, ?, ?, ?) on conflict do nothing',
  );
  const mine = db.prepare(
    'select id, number, entry_type, submitted_at from entries where game_key = ? and user_id = ?',
  );

  const game = JSON.stringify({
    gameDate: '2026-11-23',
    serverNowISO: '2026-11-23T12:00:00.000Z',
    msUntilClose: 43_200_000,
    effectiveStatus: 'open',
    closesAtISO: '2026-11-24T00:00:00.000Z',
    limits: NUMBER_LIMITS,
  });
  const me = JSON.stringify({
    id: 'baseline',
    email: 'baseline@bench.invalid',
    displayName: 'Baseline',
    role: 'player',
  });

  createServer((req, res) => {
    const json = (status: number, body: string) => sendJson(res, status, body);
    if (req.method === 'GET' && req.url === '/api/game/today') return json(200, game);
    if (req.method === 'GET' && req.url === '/api/me') return json(200, me);
    if (req.method === 'GET' && req.url === '/api/entry/mine') {
      return json(
        200,
        JSON.stringify({ gameDate: GAME_KEY, entries: mine.all(GAME_KEY, playerOf(req.headers.cookie)) }),
      );
    }
    if (req.method === 'POST' && req.url === '/api/entry') {
      onPickedNumber(req, (number) => {
        const entry = { id: randomUUID(), number, entryType: 'standard', submittedAt: new Date().toISOString() };
        const { changes } = insert.run(
          entry.id,
          GAME_KEY,
          playerOf(req.headers.cookie),
          number,
          entry.entryType,
          entry.submittedAt,
        );
        // A repeated pick is refused as the project refuses it, never a crash of the baseline.
        if (changes === 0) json(409, JSON.stringify({ error: `You already picked ${number} in this game.` }));
        else json(201, JSON.stringify({ entry, message: `Your number ${number} is in. Good luck!` }));
      });
      return;
    }
    json(404, '{"error":"Not found."}');
  }).listen(port, '127.0.0.1');
}
