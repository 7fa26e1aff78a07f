// Replays a World (integrity-world.ts) through the real use cases on a SQLite database: sign-ins and referrals,
// submissions with the request's device and address, the close after each deadline; then reads who won and whether
// the close flagged them.
import { nodeEd25519 } from '../adapters/crypto/ed25519.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { threadTreeFolder } from '../adapters/crypto/tree-fold-thread.ts';
import { defaultGameConfig } from '../core/config.ts';
import type { Deps } from '../core/deps.ts';
import type { GameDate, User } from '../core/model.ts';
import type { IntegrityEvidence, IntegrityFlag } from '../core/integrity/model.ts';
import { signIn } from '../core/accounts/sign-in.ts';
import { processReferral } from '../core/referrals/referrals.ts';
import { submitEntry } from '../core/entries/submit-entry.ts';
import { closeGame } from '../core/game/close.ts';
import { gameIntegrity } from '../core/integrity/integrity.ts';
import { closeInstantForDate, dayOfWeek, nextDate } from '../core/game/calendar.ts';
import { PlainHasher, SeededRandom } from '../test/support/fakes.ts';
import { SettableClock } from '../cli/settable-clock.ts';
import { World, type SimEvent, type WorldSpec } from './integrity-world.ts';

/** The month's first game (a Monday). */
const FIRST_DATE: GameDate = '2026-10-05';
const DAY_MS = 86_400_000;

export interface Placing {
  account: number;
  syndicate: boolean;
  number: number;
  flagged: boolean;
  /** What the close stored with the flag. */
  evidence: IntegrityEvidence | null;
}

export interface GameResult {
  date: GameDate;
  entries: number;
  winner: Placing | null;
  runnerUp: Placing | null;
  closeMs: number;
}

export interface WorldResult {
  spec: WorldSpec;
  accounts: number;
  games: GameResult[];
}

const dateAt = (day: number): GameDate => {
  let date = FIRST_DATE;
  for (let i = 0; i < day; i += 1) date = nextDate(date);
  return date;
};

/** Each day's deadline, looked up once (the calendar's search through time zones is slow beside a replay's pace). */
const deadlines = new Map<number, number>();
const deadlineOf = (day: number): number => {
  const known = deadlines.get(day);
  if (known !== undefined) return known;
  const closes = closeInstantForDate(dateAt(day), defaultGameConfig).getTime();
  deadlines.set(day, closes);
  return closes;
};

/** The instant of a world time: day d runs from game d's opening to its deadline; times before day 0 are plain days back. */
const instantOf = (at: number): Date => {
  const day = Math.floor(at);
  const opens = deadlineOf(Math.max(0, day)) - DAY_MS;
  return new Date(day < 0 ? opens + at * DAY_MS : opens + (at - day) * DAY_MS);
};

/** Plays the world's month on a fresh SQLite database at `file`. */
export async function simulateWorld(spec: WorldSpec, file: string): Promise<WorldResult> {
  const world = new World(spec);
  const clock = new SettableClock();
  const store = await createSqliteStore(file);
  const deps: Deps = {
    store,
    clock,
    random: new SeededRandom(spec.seed),
    hasher: new PlainHasher(),
    digest: nodeDigest,
    treeFolder: threadTreeFolder(),
    signer: nodeEd25519,
    config: { ...defaultGameConfig },
  };
  const users = new Map<number, User>();
  /** The devices each account has signed in on: a new device needs a sign-in of its own before it can play. */
  const sessions = new Map<number, Set<string>>();

  const userOf = (account: number): User => {
    const user = users.get(account);
    if (!user) throw new Error(`account ${account} plays before signing up`);
    return user;
  };
  const signInFrom = async (account: number, client: SimEvent['client']): Promise<User> => {
    const person = world.accounts[account];
    if (!person) throw new Error(`no account ${account}`);
    const { user } = await signIn(deps, {
      googleSub: null,
      email: person.email,
      displayName: person.displayName,
      adminEmails: [],
      client,
    });
    users.set(account, user);
    const devices = sessions.get(account) ?? new Set<string>();
    devices.add(client.deviceId ?? '');
    sessions.set(account, devices);
    return user;
  };

  const signUp = async (event: Extract<SimEvent, { kind: 'signUp' }>): Promise<void> => {
    clock.set(instantOf(event.at));
    const user = await signInFrom(event.account, event.client);
    if (event.referrer !== null)
      await processReferral(deps, { userId: user.id, referralCode: userOf(event.referrer).referralCode });
  };

  try {
    for (const event of world.prelude()) if (event.kind === 'signUp') await signUp(event);

    const games: GameResult[] = [];
    for (let day = 0; day < spec.days; day += 1) {
      const date = dateAt(day);
      const plan = world.planDay(dayOfWeek(date) <= 5);
      let carpetNext = plan.carpetNext;
      const holders = new Map<number, number[]>();
      let entries = 0;
      const enter = async (account: number, number: number, client: SimEvent['client']): Promise<void> => {
        await submitEntry(deps, { userId: userOf(account).id, number, gameDate: date, client });
        holders.set(number, [...(holders.get(number) ?? []), account]);
        entries += 1;
      };

      for (const event of plan.events) {
        if (event.kind === 'signUp') {
          await signUp(event);
          continue;
        }
        clock.set(instantOf(event.at));
        if (!sessions.get(event.account)?.has(event.client.deviceId ?? ''))
          await signInFrom(event.account, event.client);
        await enter(event.account, event.number, event.client);
        if (event.bonusNumber === null) continue;
        const userId = userOf(event.account).id;
        const bonuses = await store.read((repos) => repos.bonusEntries.available(userId, clock.now().toISOString()));
        if (bonuses.length === 0) continue;
        const second = event.bonusNumber === 'carpet' ? carpetNext++ : event.bonusNumber;
        await enter(event.account, second, event.client);
      }

      clock.set(new Date(deadlineOf(day) + 1_000));
      const started = performance.now();
      const outcome = await closeGame(deps, date);
      const closeMs = performance.now() - started;
      const flags = await gameIntegrity(deps, date);
      const placing = (number: number | null | undefined, role: IntegrityFlag['role']): Placing | null => {
        if (number === null || number === undefined) return null;
        const [account, ...others] = holders.get(number) ?? [];
        if (account === undefined || others.length > 0)
          throw new Error(`${date}: ${number} is not held by exactly one account`);
        const flag = flags.find((f) => f.role === role);
        const flagged = flag !== undefined && flag.userId === userOf(account).id;
        return {
          account,
          syndicate: world.isSyndicate(account),
          number,
          flagged,
          evidence: flagged && flag ? flag.evidence : null,
        };
      };
      const snapshot = outcome.stats?.snapshot;
      games.push({
        date,
        entries,
        winner: placing(snapshot?.winningNumber, 'winner'),
        runnerUp: placing(snapshot?.secondPlaceNumber, 'runnerUp'),
        closeMs,
      });
    }
    return { spec, accounts: world.accounts.length, games };
  } finally {
    await store.close();
  }
}
