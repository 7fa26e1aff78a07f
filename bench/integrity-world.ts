// The simulated month of `bench:integrity` as plain data: who signs up when, from which device and network, who uses
// whose referral code, and who plays which number each day. Honest players share networks and devices the way real
// people do (households, offices, carrier NAT, family devices, phones roaming); a syndicate runs accounts at one of
// three levels of evasion. Everything follows from the seed; the simulation (integrity-sim.ts) replays it through
// the real use cases.
import type { ClientSignals } from '../core/integrity/model.ts';
import { humanSampler, type NumberSampler } from '../core/bots/human-strategy.ts';
import { SeededRandom } from '../test/support/fakes.ts';

export type EvasionLevel = 1 | 2 | 3;

export interface SyndicateSpec {
  size: number;
  level: EvasionLevel;
}

export interface WorldSpec {
  seed: number;
  /** Honest accounts (the syndicate's come on top). */
  players: number;
  days: number;
  syndicate: SyndicateSpec | null;
}

/** The highest number honest players' long tail reaches. */
const HONEST_MAX_NUMBER = 2_000;
/** Honest accounts that exist before the month signed up over this many days before it. */
const PRELUDE_DAYS = 60;

export interface SimAccount {
  index: number;
  email: string;
  displayName: string;
  syndicate: boolean;
}

/** Times are in days from the opening of the month's first game: day 3.25 is a quarter into the fourth game. */
export type SimEvent =
  | { at: number; kind: 'signUp'; account: number; client: ClientSignals; referrer: number | null }
  /**
   * A visit to play: the first number, and the one a bonus entry would take (honest players decide beforehand
   * whether they would use one; `'carpet'`: the syndicate's next number above its carpet).
   */
  | {
      at: number;
      kind: 'play';
      account: number;
      client: ClientSignals;
      number: number;
      bonusNumber: number | 'carpet' | null;
    };

export interface DayPlan {
  day: number;
  /** Ordered by time. */
  events: SimEvent[];
  /** The first number above the syndicate's carpet: where its bonus entries go. */
  carpetNext: number;
}

// ---- randomness helpers over one seeded stream

const int = (r: SeededRandom, lo: number, hi: number): number => lo + Math.floor(r.next() * (hi - lo + 1));
const chance = (r: SeededRandom, p: number): boolean => r.next() < p;
const pickOne = <T>(r: SeededRandom, items: readonly T[]): T => {
  const item = items[Math.floor(r.next() * items.length)];
  if (item === undefined) throw new Error('pickOne on an empty list');
  return item;
};
const shuffled = <T>(r: SeededRandom, items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(r.next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** A device's cookie (32 hex digits, as the server sets it); `reset` models cleared cookies and private windows. */
class Device {
  id: string;
  constructor(private readonly random: SeededRandom) {
    this.id = random.tokenHex(16);
  }
  reset(): void {
    this.id = this.random.tokenHex(16);
  }
}

/** A /24: the three leading octets. */
type Block = string;
const addressIn = (r: SeededRandom, block: Block): string => `${block}.${int(r, 2, 254)}`;

/** A moment of day `day` away from its opening and deadline, so what follows it the same day stays in that game. */
const timeInDay = (r: SeededRandom, day: number): number => day + 0.02 + 0.9 * r.next();

/**
 * Where addresses come from. Residential broadband: a country-sized pool of /24s, so a few unrelated households do
 * share one (the birthday paradox at a few thousand households). Carriers put every phone behind carrier-grade NAT:
 * a handful of /24s per carrier, each shared by hundreds of players. Offices and syndicate networks get fresh blocks.
 */
class Internet {
  private readonly residential: Block[] = [];
  readonly carriers: Block[][];

  constructor(random: SeededRandom) {
    // 30,000 /24s of residential broadband (about 7.7 million addresses), spread over a few providers' ranges.
    const providers = Array.from({ length: 6 }, () => [int(random, 1, 220), int(random, 0, 255)] as const);
    for (let i = 0; i < 30_000; i += 1) {
      const [a, b] = pickOne(random, providers);
      this.residential.push(`${a}.${(b + Math.floor(i / 256)) % 256}.${i % 256}`);
    }
    this.carriers = [2, 3, 4].map((blocks) => Array.from({ length: blocks }, () => this.freshBlock(random)));
  }

  /** A block drawn with the caller's stream (the syndicate's draws must not shift the honest world's). */
  residentialBlock(r: SeededRandom): Block {
    return pickOne(r, this.residential);
  }

  freshBlock(r: SeededRandom): Block {
    return `${int(r, 1, 223)}.${int(r, 0, 255)}.${int(r, 0, 255)}`;
  }
}

interface Household {
  home: Block;
  /** The address the home router has now (it changes when the provider renews the lease). */
  address: string;
}

interface Office {
  address: string;
}

type Activity = 'daily' | 'weekly' | 'occasional';
const PLAY_CHANCE: Record<Activity, number> = { daily: 0.9, weekly: 0.45, occasional: 0.1 };

interface HonestPerson {
  account: number;
  /** Fraction of a day relative to the month's first opening; negative for accounts older than the month. */
  signUpAt: number;
  activity: Activity;
  household: Household;
  office: Office | null;
  /** The office computer an office worker sometimes plays on. */
  workComputer: Device | null;
  carrier: number;
  phone: Device;
  computer: Device | null;
  /** The family's shared device, which this player plays on instead of their own. */
  familyDevice: Device | null;
  referrer: number | null;
}

interface SyndicateAccount {
  account: number;
  signUpAt: number;
  device: Device;
  address: string;
  referrer: number | null;
  /** Which of the level-2 operator's five device-and-network sets this account lives on. */
  group: number;
}

const seedOf = (seed: number, stream: number): number =>
  (Math.imul(seed >>> 0, 0x9e3779b1) + stream * 0x85ebca6b) >>> 0;

/** Household sizes: many players alone, the rest in homes of 2–5. */
const householdSize = (r: SeededRandom): number => {
  const u = r.next();
  if (u < 0.45) return 1;
  if (u < 0.7) return 2;
  if (u < 0.85) return 3;
  if (u < 0.95) return 4;
  return 5;
};

export class World {
  readonly accounts: SimAccount[] = [];
  private readonly honest: HonestPerson[] = [];
  private readonly syndicate: SyndicateAccount[] = [];
  private readonly households: Household[] = [];
  /**
   * Streams of their own for the honest world, the honest picks (shaped by the day's crowd) and the syndicate: a
   * syndicate beside them changes no honest player's sign-up, devices, networks or days.
   */
  private readonly people: SeededRandom;
  private readonly picks: SeededRandom;
  private readonly crook: SeededRandom;
  private readonly internet: Internet;
  private nextDay = 0;

  constructor(readonly spec: WorldSpec) {
    this.people = new SeededRandom(seedOf(spec.seed, 1));
    this.crook = new SeededRandom(seedOf(spec.seed, 2));
    this.picks = new SeededRandom(seedOf(spec.seed, 3));
    this.internet = new Internet(this.people);
    this.buildHonest();
    if (spec.syndicate) this.buildSyndicate(spec.syndicate);
  }

  isSyndicate(account: number): boolean {
    return this.accounts[account]?.syndicate ?? false;
  }

  private addAccount(syndicate: boolean): number {
    const index = this.accounts.length;
    const name = syndicate ? `s${String(index).padStart(5, '0')}` : `h${String(index).padStart(5, '0')}`;
    this.accounts.push({
      index,
      email: `${name}@bench.invalid`,
      displayName: `${syndicate ? 'Sly' : 'Player'} ${index}`,
      syndicate,
    });
    return index;
  }

  private buildHonest(): void {
    const r = this.people;
    const { players, days } = this.spec;
    // 60% were already playing before the month (signed up over the two months before); 40% join during it.
    const signUpTime = (): number => timeInDay(r, chance(r, 0.6) ? -int(r, 1, PRELUDE_DAYS) : int(r, 0, days - 1));
    while (this.honest.length < players) {
      const size = Math.min(householdSize(r), players - this.honest.length);
      const home = this.internet.residentialBlock(r);
      const household: Household = { home, address: addressIn(r, home) };
      // A small share of families play 2–4 of their accounts on one tablet or phone.
      const familyDevice = size >= 2 && chance(r, 0.06) ? new Device(r) : null;
      for (let m = 0; m < size; m += 1) {
        const u = r.next();
        const activity: Activity = u < 0.15 ? 'daily' : u < 0.45 ? 'weekly' : 'occasional';
        const account = this.addAccount(false);
        this.honest.push({
          account,
          signUpAt: signUpTime(),
          activity,
          household,
          office: null,
          workComputer: null,
          carrier: int(r, 0, this.internet.carriers.length - 1),
          phone: new Device(r),
          computer: chance(r, 0.3) ? new Device(r) : null,
          familyDevice: m < 4 ? familyDevice : null,
          referrer: null,
        });
      }
      this.households.push(household);
    }
    this.placeInOffices();
    this.chooseReferrers();
  }

  /** About a fifth of adults work in offices of 10–40 players that share the office's network on weekdays. */
  private placeInOffices(): void {
    const r = this.people;
    const workers = shuffled(
      r,
      this.honest.filter(() => chance(r, 0.2)),
    );
    for (let i = 0; i < workers.length;) {
      const size = int(r, 10, 40);
      const office: Office = { address: addressIn(r, this.internet.freshBlock(r)) };
      for (const person of workers.slice(i, i + size)) {
        person.office = office;
        person.workComputer = new Device(r);
      }
      i += size;
    }
  }

  /** Half of those who join a household that already plays use a member's code; some use a friend's from elsewhere. */
  private chooseReferrers(): void {
    const r = this.people;
    const bySignUp = [...this.honest].sort((a, b) => a.signUpAt - b.signUpAt);
    for (const [position, person] of bySignUp.entries()) {
      const earlierHome = bySignUp.slice(0, position).filter((p) => p.household === person.household);
      if (earlierHome.length > 0 && chance(r, 0.5)) person.referrer = pickOne(r, earlierHome).account;
      else if (position > 0 && chance(r, 0.12)) {
        const friend = bySignUp[int(r, 0, position - 1)];
        if (friend && friend.household !== person.household) person.referrer = friend.account;
      }
    }
  }

  private buildSyndicate(spec: SyndicateSpec): void {
    const r = this.crook;
    const accounts = Array.from({ length: spec.size }, () => this.addAccount(true));
    const shared = { device: new Device(r), address: addressIn(r, this.internet.freshBlock(r)) };
    const groups = Array.from({ length: 5 }, () => ({
      device: new Device(r),
      address: addressIn(r, this.internet.freshBlock(r)),
    }));
    // Level 1 signs everyone up on the first day, one after another; level 2 over the first week; level 3 over three weeks.
    const start = 0.05 + r.next() * 0.3;
    for (const [i, account] of accounts.entries()) {
      const group = i % 5;
      const place =
        spec.level === 1
          ? shared
          : spec.level === 2
            ? (groups[group] ?? shared)
            : // Residential proxies: a home-like network and a browser profile per account.
              { device: new Device(r), address: addressIn(r, this.internet.residentialBlock(r)) };
      const signUpAt =
        spec.level === 1
          ? start + i * 0.0005
          : timeInDay(r, int(r, 0, Math.min(this.spec.days, spec.level === 2 ? 7 : 21) - 1));
      this.syndicate.push({ account, signUpAt, device: place.device, address: place.address, referrer: null, group });
    }
    if (spec.level === 3) return;
    // Referral chains: each account uses the code of the one signed up before it (level 2: on the same device).
    const order = [...this.syndicate].sort((a, b) => a.signUpAt - b.signUpAt);
    for (const [position, member] of order.entries()) {
      const earlier = order.slice(0, position).filter((m) => spec.level === 1 || m.group === member.group);
      member.referrer = earlier[earlier.length - 1]?.account ?? null;
    }
  }

  /** Sign-ups before the month's first game opens (time < 0), in time order. */
  prelude(): SimEvent[] {
    return this.honest
      .filter((p) => p.signUpAt < 0)
      .sort((a, b) => a.signUpAt - b.signUpAt)
      .map((p) => ({
        at: p.signUpAt,
        kind: 'signUp',
        account: p.account,
        client: this.clientAtHome(p),
        referrer: p.referrer,
      }));
  }

  private clientAtHome(p: HonestPerson): ClientSignals {
    return { deviceId: (p.familyDevice ?? p.phone).id, address: p.household.address };
  }

  private carrierAddress(p: HonestPerson): string {
    return addressIn(this.people, pickOne(this.people, this.internet.carriers[p.carrier] ?? []));
  }

  /**
   * When and where an honest player plays today: from the office on most weekdays (phone or work computer, office
   * hours), else from home Wi-Fi or the carrier's network, on a phone, a home computer or the family's shared device.
   */
  private honestVisit(p: HonestPerson, day: number, weekday: boolean): { at: number; client: ClientSignals } {
    const r = this.people;
    const anyTime = day + 0.02 + 0.96 * r.next();
    const shared = p.familyDevice;
    if (shared)
      return {
        at: anyTime,
        client: { deviceId: shared.id, address: chance(r, 0.75) ? p.household.address : this.carrierAddress(p) },
      };
    if (p.office && weekday && chance(r, 0.7)) {
      const device = chance(r, 0.4) ? (p.workComputer ?? p.phone) : p.phone;
      return { at: day + 0.3 + 0.4 * r.next(), client: { deviceId: device.id, address: p.office.address } };
    }
    if (p.computer && chance(r, 0.3))
      return { at: anyTime, client: { deviceId: p.computer.id, address: p.household.address } };
    return {
      at: anyTime,
      client: { deviceId: p.phone.id, address: chance(r, 0.6) ? p.household.address : this.carrierAddress(p) },
    };
  }

  /** The next day's plan; days come in order (leases and cookies change from one to the next). */
  planDay(weekday: boolean): DayPlan {
    const day = this.nextDay;
    this.nextDay += 1;
    const r = this.people;
    // Providers renew some home leases overnight, and some players clear their cookies.
    for (const home of this.households) {
      if (!chance(r, 0.02)) continue;
      home.home = chance(r, 0.5) ? home.home : this.internet.residentialBlock(r);
      home.address = addressIn(r, home.home);
    }
    for (const p of this.honest) {
      if (chance(r, 0.01)) p.phone.reset();
      if (p.computer && chance(r, 0.01)) p.computer.reset();
    }

    const events: SimEvent[] = [];
    const honestPlays: { p: HonestPerson; at: number; client: ClientSignals }[] = [];
    for (const p of this.honest) {
      const joinsToday = p.signUpAt >= day && p.signUpAt < day + 1;
      if (joinsToday) {
        events.push({
          at: p.signUpAt,
          kind: 'signUp',
          account: p.account,
          client: this.clientAtHome(p),
          referrer: p.referrer,
        });
        // Those who join came to play: most do straight away.
        if (chance(r, 0.85)) honestPlays.push({ p, at: p.signUpAt + r.next() * 0.05, client: this.clientAtHome(p) });
      } else if (p.signUpAt < day && chance(r, PLAY_CHANCE[p.activity])) {
        honestPlays.push({ p, ...this.honestVisit(p, day, weekday) });
      }
    }

    const syndicatePlays = this.syndicatePlays(day);
    const crowd = honestPlays.length + syndicatePlays.plays.length;
    const sampler: NumberSampler = humanSampler(Math.max(1, crowd), 1, HONEST_MAX_NUMBER);
    for (const { p, at, client } of honestPlays) {
      const number = sampler(this.picks);
      let bonusNumber: number | null = null;
      // Most players use a bonus entry when they have one; the sim asks the store whether they do.
      if (chance(this.picks, 0.85)) {
        do bonusNumber = sampler(this.picks);
        while (bonusNumber === number);
      }
      events.push({ at, kind: 'play', account: p.account, client, number, bonusNumber });
    }
    events.push(...syndicatePlays.signUps, ...syndicatePlays.plays);
    events.sort((a, b) => a.at - b.at || a.account - b.account);
    return { day, events, carpetNext: syndicatePlays.carpetNext };
  }

  /** The syndicate's sign-ups and carpet for the day. */
  private syndicatePlays(day: number): { signUps: SimEvent[]; plays: SimEvent[]; carpetNext: number } {
    const spec = this.spec.syndicate;
    if (!spec) return { signUps: [], plays: [], carpetNext: 1 };
    const r = this.crook;
    const signUps: SimEvent[] = this.syndicate
      .filter((m) => m.signUpAt >= day && m.signUpAt < day + 1)
      .map((m) => ({
        at: m.signUpAt,
        kind: 'signUp',
        account: m.account,
        client: this.syndicateClient(m),
        referrer: m.referrer,
      }));
    const active = this.syndicate.filter((m) => m.signUpAt < day + 1);
    // Level 1 keeps each account on its number; level 2 shuffles 1..k daily; level 3 spreads the active accounts over
    // 1..1.3×active, leaving about a fifth of that range uncovered, shuffled daily.
    let numbers: number[];
    if (spec.level === 1) numbers = active.map((_, i) => i + 1);
    else if (spec.level === 2)
      numbers = shuffled(
        r,
        active.map((_, i) => i + 1),
      );
    else {
      const range = Math.max(active.length, Math.round(active.length * 1.3));
      numbers = shuffled(
        r,
        Array.from({ length: range }, (_, i) => i + 1),
      ).slice(0, active.length);
    }
    const carpetNext = Math.max(0, ...numbers) + 1;
    // One operator clicks through the accounts in a session (level 2: a session per device); level 3 spreads them out.
    const sessions = Array.from({ length: 5 }, () => day + 0.05 + 0.85 * r.next());
    const plays: SimEvent[] = active.map((m, i) => {
      const session =
        spec.level === 3
          ? day + 0.02 + 0.96 * r.next()
          : (sessions[spec.level === 1 ? 0 : m.group] ?? day) + i * 0.0003;
      // On the sign-up day, play comes after the sign-up.
      const at = Math.max(session, m.signUpAt + 0.001);
      return {
        at,
        kind: 'play',
        account: m.account,
        client: this.syndicateClient(m),
        number: numbers[i] ?? 1,
        bonusNumber: 'carpet',
      };
    });
    return { signUps, plays, carpetNext };
  }

  private syndicateClient(m: SyndicateAccount): ClientSignals {
    return { deviceId: m.device.id, address: m.address };
  }
}
