// Plays the upgrade fixture's week through the HTTP API of the release it runs in (scripts/make-upgrade-fixture.sh
// copies it into that release's tree and runs it with that release's own tsx): the release's own test harness builds
// its app over its own store, with a fixed clock, and every call is a request to that app.
//
//   tsx scripts/upgrade-fixture/play.ts sqlite FILE OUT.json
//   tsx scripts/upgrade-fixture/play.ts postgres URL OUT.json
//
// The week: Ann plays 2026-11-14 … 2026-11-20 (her 7-day streak earns a Mine and a bonus entry); on 2026-11-21 five
// players pick (each pick's receipt kept), Ann uses her Mine, Bob founds a guild Cat joins, Eve signs up with Ann's
// referral code; the admin closes the day and Ann, the winner, claims her prize (left pending review). Then every
// reading of the API a player or the admin makes is recorded with its answer.
//
// Only interfaces every release since 2026-11-20 has are used (test/api/harness.ts's makeHarness and signIn, the two
// stores' factories), so one script serves them all.
import { writeFileSync } from 'node:fs';
import { makeHarness } from '../../test/api/harness.ts';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { createPostgresStore } from '../../adapters/postgres/store.ts';

const [kind, where, out] = process.argv.slice(2);
if ((kind !== 'sqlite' && kind !== 'postgres') || !where || !out) {
  process.stderr.write('Usage: tsx scripts/upgrade-fixture/play.ts sqlite|postgres FILE|URL OUT.json\n');
  process.exit(2);
}

const DAY = '2026-11-21';
const ADMIN = 'admin@lowest.test';
/** After the 2026-11-21 deadline (10:00 Brisbane = 00:00Z): the day is closed, 2026-11-22 is open. */
const AFTER_CLOSE = '2026-11-22T00:00:01.000Z';

const store = kind === 'sqlite' ? await createSqliteStore(where) : await createPostgresStore(where);
const h = await makeHarness({ store, now: '2026-11-14T12:00:00.000Z' });

interface Answer {
  as: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
}
const writes: Answer[] = [];
const cookies: Record<string, string> = {};

const call = async (as: string, method: string, path: string, json?: unknown): Promise<Answer> => {
  const res = await h.request(method, path, { cookie: cookies[as] ?? null, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  const answer = { as, method, path, status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  return answer;
};

/** A write the week needs: it must succeed. */
const write = async (as: string, method: string, path: string, json?: unknown): Promise<Answer> => {
  const answer = await call(as, method, path, json);
  if (answer.status >= 300)
    throw new Error(`${method} ${path} as ${as}: ${answer.status} ${JSON.stringify(answer.body)}`);
  writes.push(answer);
  return answer;
};

const signIn = async (name: string, email: string): Promise<void> => {
  cookies[name] = await h.signIn(email, name);
};

const closeDay = async (at: string): Promise<void> => {
  h.clock.set(at);
  await write('Admin', 'POST', '/admin/daily-close');
};

await signIn('Admin', ADMIN);
await signIn('Ann', 'ann@example.com');
await signIn('Bob', 'bob@example.com');

// The streak: Ann picks every day of 2026-11-14 … 2026-11-20, Bob on the odd days.
for (let d = 14; d <= 20; d += 1) {
  h.clock.set(`2026-11-${String(d)}T12:00:00.000Z`);
  await write('Ann', 'POST', '/api/entry', { number: d - 10 });
  if (d % 2 === 1) await write('Bob', 'POST', '/api/entry', { number: d - 12 });
  await closeDay(`2026-11-${String(d + 1)}T00:00:01.000Z`);
}

// The day.
h.clock.set(`${DAY}T12:00:00.000Z`);
await signIn('Cat', 'cat@example.com');
await signIn('Dan', 'dan@example.com');
const referral = await write('Ann', 'GET', '/api/referrals/code');
await signIn('Eve', 'eve@example.com');
await write('Eve', 'POST', '/api/referrals/process', {
  referralCode: (referral.body as { referralCode: string }).referralCode,
});
const guild = await write('Bob', 'POST', '/api/guilds', {
  name: 'Fixture Guild',
  description: 'Made by the upgrade fixture',
  password: 'secret1',
});
await write('Cat', 'POST', '/api/guilds/join', {
  guildId: (guild.body as { guild: { id: string } }).guild.id,
  password: 'secret1',
});
const picks: [string, number][] = [
  ['Ann', 3],
  ['Bob', 2],
  ['Cat', 2],
  ['Dan', 5],
  ['Eve', 7],
  ['Ann', 8], // the streak's bonus entry
  ['Eve', 9], // the referral's bonus entry
];
const receipts: { as: string; kind: 'entry' | 'mine'; receipt: unknown }[] = [];
for (const [as, number] of picks) {
  const answer = await write(as, 'POST', '/api/entry', { number });
  receipts.push({ as, kind: 'entry', receipt: (answer.body as { receipt: unknown }).receipt });
}
const mine = await write('Ann', 'POST', '/api/gameplay/use-mine', { number: 12 });
receipts.push({ as: 'Ann', kind: 'mine', receipt: (mine.body as { receipt: unknown }).receipt });

await closeDay(AFTER_CLOSE);
const claim = await write('Ann', 'POST', '/api/prizes/winner-payout', {
  gameId: DAY,
  paypalEmail: 'ann@paypal.test',
  preferredName: 'Ann A',
});

// What players and the admin read afterwards, each answer recorded.
const players = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'];
const publicReads = [
  '/api/game/today',
  `/api/stats/daily/${DAY}`,
  `/api/results/${DAY}`,
  `/api/fairness/${DAY}`,
  '/api/history',
  '/api/leaderboard',
  '/api/guilds/leaderboard',
  '/api/rewards/config',
];
const playerReads = [
  '/api/me',
  '/api/profile',
  '/api/stats/user/me',
  `/api/stats/daily/${DAY}`,
  '/api/results/me/latest',
  '/api/winnings',
  '/api/rewards/mine',
  '/api/rewards/usage-history',
  '/api/referrals/stats',
  '/api/referrals/bonuses',
  '/api/guilds/my',
];
const reads: Answer[] = [];
for (const path of publicReads) reads.push(await call('anonymous', 'GET', path));
for (const as of players) for (const path of playerReads) reads.push(await call(as, 'GET', path));
reads.push(await call('Admin', 'GET', '/api/prizes/admin/payouts'));

await store.close();
writeFileSync(
  out,
  JSON.stringify(
    {
      store: kind,
      day: DAY,
      now: AFTER_CLOSE,
      cookies,
      payoutId: (claim.body as { payoutId: string }).payoutId,
      receipts,
      writes,
      reads,
    },
    null,
    2,
  ) + '\n',
);
process.stdout.write(`played ${kind}: ${String(writes.length)} writes, ${String(reads.length)} reads -> ${out}\n`);
