// bench:integrity's world and simulation: the same seed gives the same month, a tiny world runs through the real close,
// and each evasion level looks the way the bench says it does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { World, type SimEvent, type WorldSpec } from '../../bench/integrity-world.ts';
import { simulateWorld, type WorldResult } from '../../bench/integrity-sim.ts';
import { DEFAULT_OPTIONS, worldSpecs } from '../../bench/integrity.ts';
import { networkOf } from '../../core/integrity/signals.ts';

const dir = mkdtempSync(join(tmpdir(), 'lowest-integrity-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const withoutTimes = (result: WorldResult) => ({
  ...result,
  games: result.games.map(({ closeMs: _ms, ...game }) => game),
});

/** Every event of the month, the prelude's sign-ups first. */
const monthOf = (spec: WorldSpec): SimEvent[][] => {
  const world = new World(spec);
  return [world.prelude(), ...Array.from({ length: spec.days }, (_, day) => world.planDay(day % 7 < 5).events)];
};

describe('bench:integrity', () => {
  it('gives a level the same worlds whichever levels a run takes', () => {
    const all = worldSpecs(DEFAULT_OPTIONS);
    const third = worldSpecs({ ...DEFAULT_OPTIONS, levels: [3] });
    expect(third).toEqual(all.filter((w) => w.syndicate === null || w.syndicate.level === 3));
    expect(new Set(all.map((w) => w.seed)).size).toBe(all.length);
  });

  const tiny: WorldSpec = { seed: 7, players: 40, days: 3, syndicate: { size: 6, level: 2 } };

  it('replays the same month for the same seed, and another for another seed', async () => {
    const first = await simulateWorld(tiny, join(dir, 'a.db'));
    const again = await simulateWorld(tiny, join(dir, 'b.db'));
    const other = await simulateWorld({ ...tiny, seed: 8 }, join(dir, 'c.db'));
    expect(withoutTimes(again)).toEqual(withoutTimes(first));
    expect(withoutTimes(other)).not.toEqual(withoutTimes(first));
    // The tiny world really played: three closed games with entries, a winner each, the syndicate's accounts included.
    expect(first.accounts).toBe(46);
    expect(first.games.map((g) => g.date)).toEqual(['2026-10-05', '2026-10-06', '2026-10-07']);
    for (const game of first.games) {
      expect(game.entries).toBeGreaterThan(5);
      expect(game.winner).not.toBeNull();
    }
  }, 60_000);

  it('level 1 plays one device on one network, signs everyone up on day 1 in a referral chain, and carpets 1..k', () => {
    const [prelude = [], ...days] = monthOf({ seed: 3, players: 30, days: 4, syndicate: { size: 10, level: 1 } });
    const world = new World({ seed: 3, players: 30, days: 4, syndicate: { size: 10, level: 1 } });
    const syndicate = (events: SimEvent[]) => events.filter((e) => world.isSyndicate(e.account));
    expect(syndicate(prelude)).toEqual([]);
    const signUps = syndicate(days[0] ?? []).filter((e) => e.kind === 'signUp');
    expect(signUps).toHaveLength(10);
    expect(signUps.filter((e) => e.referrer !== null)).toHaveLength(9);
    for (const events of days) {
      const plays = syndicate(events).filter((e) => e.kind === 'play');
      expect(new Set(plays.map((e) => e.client.deviceId)).size).toBe(1);
      expect(new Set(plays.map((e) => networkOf(e.client.address ?? '')))).toHaveProperty('size', 1);
      expect(plays.map((e) => (e.kind === 'play' ? e.number : 0)).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
    }
  });

  it('level 3 gives each account its own device and network, no referrals, sign-ups over three weeks and a carpet with gaps', () => {
    const spec: WorldSpec = { seed: 4, players: 30, days: 28, syndicate: { size: 40, level: 3 } };
    const world = new World(spec);
    const days = monthOf(spec).slice(1);
    const events = days.flat().filter((e) => world.isSyndicate(e.account));
    const signUps = events.filter((e) => e.kind === 'signUp');
    expect(signUps).toHaveLength(40);
    expect(signUps.every((e) => e.referrer === null && e.at < 21)).toBe(true);
    expect(new Set(signUps.map((e) => Math.floor(e.at))).size).toBeGreaterThan(10);
    expect(new Set(signUps.map((e) => e.client.deviceId)).size).toBe(40);
    expect(new Set(signUps.map((e) => networkOf(e.client.address ?? ''))).size).toBeGreaterThan(35);
    const last = events.filter((e) => e.kind === 'play' && e.at >= 27).map((e) => (e.kind === 'play' ? e.number : 0));
    expect(last).toHaveLength(40);
    expect(new Set(last).size).toBe(40);
    // 40 accounts over 1..52: about a fifth of the range left open.
    expect(Math.max(...last)).toBeLessThanOrEqual(52);
    expect(Math.max(...last)).toBeGreaterThan(44);
  });

  it('a syndicate beside the honest players changes none of their sign-ups, devices, networks or days', () => {
    const spec: WorldSpec = { seed: 6, players: 200, days: 6, syndicate: null };
    const honest = (events: SimEvent[][]) =>
      events
        .flat()
        .flatMap((e) =>
          e.account < spec.players ? [{ at: e.at, kind: e.kind, account: e.account, client: e.client }] : [],
        );
    const alone = honest(monthOf(spec));
    expect(alone.length).toBeGreaterThan(200);
    expect(honest(monthOf({ ...spec, syndicate: { size: 30, level: 2 } }))).toEqual(alone);
  });

  it('honest players share networks (households, offices, carriers) but rarely devices', () => {
    const spec: WorldSpec = { seed: 5, players: 1500, days: 30, syndicate: null };
    const plays = monthOf(spec)
      .flat()
      .filter((e) => e.kind === 'play');
    const accountsPer = (key: (e: SimEvent) => string | null): number[] => {
      const groups = new Map<string, Set<number>>();
      for (const e of plays) {
        const k = key(e);
        if (k !== null) groups.set(k, (groups.get(k) ?? new Set()).add(e.account));
      }
      return [...groups.values()].map((s) => s.size).sort((a, b) => b - a);
    };
    const networks = accountsPer((e) => networkOf(e.client.address ?? ''));
    const devices = accountsPer((e) => e.client.deviceId);
    // Carrier NAT: a network shared by a hundred accounts or more; households and offices: many networks of 2–40.
    expect(networks[0]).toBeGreaterThanOrEqual(100);
    expect(networks.filter((n) => n >= 2 && n <= 40).length).toBeGreaterThan(30);
    // Family devices: a few devices with 2–4 accounts, none with more.
    expect(devices.filter((n) => n >= 2).length).toBeGreaterThan(0);
    expect(devices[0]).toBeLessThanOrEqual(4);
  });
});
