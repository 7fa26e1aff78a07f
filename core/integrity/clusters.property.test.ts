// The cluster rules as properties over random worlds: a pair's evidence and link do not depend on which account is
// asked first; expanding from an account finds exactly its connected component; adding an account never merges two
// clusters unless it is linked to both (an account sharing no signal with anyone merges nothing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameKey } from '../model.ts';
import { clustersOf, expandCluster, type Link } from './clusters.ts';
import { gameShares, linkOf, NETWORK_CROWD, pickPatternScore, type GameShares, type PairEvidence } from './links.ts';

interface Account {
  id: string;
  devices: number[];
  /** `${network}@${day}` */
  networks: string[];
  picks: Map<GameKey, number[]>;
}

interface World {
  accounts: Account[];
  referrals: [string, string][];
  games: Map<GameKey, GameShares>;
}

const GAMES = ['g1', 'g2', 'g3', 'g4', 'g5'];

const accountArb = (id: string): fc.Arbitrary<Account> =>
  fc
    .record({
      devices: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
      networks: fc.uniqueArray(
        fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 })).map(([n, d]) => `${n}@${d}`),
        { maxLength: 6 },
      ),
      picks: fc.array(fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }), {
        minLength: GAMES.length,
        maxLength: GAMES.length,
      }),
    })
    .map(({ devices, networks, picks }) => ({
      id,
      devices,
      networks,
      picks: new Map(picks.flatMap((n, i) => (n === null ? [] : [[GAMES[i] as GameKey, [n]] as [GameKey, number[]]]))),
    }));

const worldArb = (size: number): fc.Arbitrary<World> =>
  fc
    .tuple(
      fc.tuple(...Array.from({ length: size }, (_, i) => accountArb(`a${String(i).padStart(2, '0')}`))),
      fc.uniqueArray(fc.tuple(fc.nat(size - 1), fc.nat(size - 1)), { maxLength: size }),
    )
    .map(([accounts, pairs]) => ({
      accounts,
      referrals: pairs
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => [`a${String(a).padStart(2, '0')}`, `a${String(b).padStart(2, '0')}`] as [string, string]),
      games: gamesOf(accounts),
    }));

/** Each game's histogram from the world's own picks. */
const gamesOf = (accounts: readonly Account[]): Map<GameKey, GameShares> =>
  new Map(
    GAMES.map((key) => {
      const counts = new Map<number, number>();
      for (const a of accounts) for (const n of a.picks.get(key) ?? []) counts.set(n, (counts.get(n) ?? 0) + 1);
      const histogram = [...counts].sort(([x], [y]) => x - y).map(([number, count]) => ({ number, count }));
      return [key, gameShares({ key, entriesTotal: histogram.reduce((s, r) => s + r.count, 0), histogram })];
    }),
  );

/** The plain reference of what a pair shares, straight from the world. */
const evidenceIn = (world: World) => {
  const byId = new Map(world.accounts.map((a) => [a.id, a]));
  const crowd = new Map<string, Set<string>>();
  for (const a of world.accounts)
    for (const seen of a.networks)
      crowd.set(seen.split('@')[0] as string, (crowd.get(seen.split('@')[0] as string) ?? new Set()).add(a.id));
  return (x: string, y: string): PairEvidence => {
    const a = byId.get(x) as Account;
    const b = byId.get(y) as Account;
    const days = new Map<string, number>();
    for (const seen of a.networks) {
      const net = seen.split('@')[0] as string;
      if (b.networks.includes(seen) && (crowd.get(net)?.size ?? 0) <= NETWORK_CROWD)
        days.set(net, (days.get(net) ?? 0) + 1);
    }
    return {
      sharedDevice: a.devices.some((d) => b.devices.includes(d)),
      networkDays: Math.max(0, ...days.values()),
      referral: world.referrals.some(([r, s]) => (r === x && s === y) || (r === y && s === x)),
      picks: pickPatternScore(a.picks, b.picks, world.games),
    };
  };
};

const componentOf = (world: World, id: string): string[] =>
  clustersOf(
    world.accounts.map((a) => a.id),
    evidenceIn(world),
  ).find((c) => c.memberIds.includes(id))?.memberIds ?? [id];

describe('clusters', () => {
  it('links a pair the same way whichever account is asked first', () => {
    fc.assert(
      fc.property(worldArb(8), (world) => {
        const evidence = evidenceIn(world);
        for (const a of world.accounts)
          for (const b of world.accounts) {
            if (a.id === b.id) continue;
            expect(evidence(a.id, b.id)).toEqual(evidence(b.id, a.id));
            expect(linkOf(evidence(a.id, b.id))).toEqual(linkOf(evidence(b.id, a.id)));
          }
      }),
    );
  });

  it('expands from an account to exactly its connected component', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb(10), fc.nat(9), async (world, seedIndex) => {
        const evidence = evidenceIn(world);
        const neighbours = async (ring: readonly string[], known: ReadonlySet<string>): Promise<Link[]> =>
          ring.flatMap((a) =>
            world.accounts.flatMap((b) => {
              const signals = known.has(b.id) ? null : linkOf(evidence(a, b.id));
              return signals ? [{ a, b: b.id, signals }] : [];
            }),
          );
        const seed = world.accounts[seedIndex]?.id as string;
        expect((await expandCluster(seed, neighbours)).memberIds).toEqual(componentOf(world, seed));
      }),
    );
  });

  it('never merges two clusters through an added account unless it is linked to both', () => {
    fc.assert(
      fc.property(worldArb(8), accountArb('zz'), (world, added) => {
        const before = clustersOf(
          world.accounts.map((a) => a.id),
          evidenceIn(world),
        );
        // The games' histograms are the games' own statistics: one more player among thousands is left out here.
        const grown: World = { ...world, accounts: [...world.accounts, added] };
        const evidence = evidenceIn(grown);
        const after = clustersOf(
          grown.accounts.map((a) => a.id),
          evidence,
        );
        for (const cluster of after) {
          const old = before.filter((c) => c.memberIds.some((id) => cluster.memberIds.includes(id)));
          if (old.length <= 1) continue;
          // Two or more old clusters in one new one: the added account joined them and links into each.
          expect(cluster.memberIds).toContain('zz');
          for (const c of old) expect(c.memberIds.some((id) => linkOf(evidence('zz', id)) !== null)).toBe(true);
        }
      }),
    );
  });
});
