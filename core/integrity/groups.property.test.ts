// The group pick pattern as properties: its score does not depend on the order of the accounts and is nothing once
// two of them collide; honest worlds (every pick drawn from the same crowd) hold no group; an account that collides
// with every account of a group changes nothing about it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameKey } from '../model.ts';
import { findGroup, groupScore } from './groups.ts';
import { gameShares, type GameShares, type Picks } from './links.ts';

const GAMES = Array.from({ length: 8 }, (_, i) => `g${i}` as GameKey);

/** Each game's histogram from the accounts' own picks. */
const sharesOf = (accounts: ReadonlyMap<string, Picks>): Map<GameKey, GameShares> =>
  new Map(
    GAMES.map((key) => {
      const counts = new Map<number, number>();
      for (const picks of accounts.values())
        for (const n of picks.get(key) ?? []) counts.set(n, (counts.get(n) ?? 0) + 1);
      const histogram = [...counts].sort(([a], [b]) => a - b).map(([number, count]) => ({ number, count }));
      return [key, gameShares({ key, entriesTotal: histogram.reduce((sum, row) => sum + row.count, 0), histogram })];
    }),
  );

/** An account playing some of the games, one pick each from 1..`top`. */
const accountArb = (top: number): fc.Arbitrary<Picks> =>
  fc
    .array(fc.option(fc.integer({ min: 1, max: top }), { nil: null, freq: 4 }), {
      minLength: GAMES.length,
      maxLength: GAMES.length,
    })
    .map(
      (numbers) =>
        new Map(numbers.flatMap((n, i) => (n === null ? [] : [[GAMES[i] as GameKey, [n]] as [GameKey, number[]]]))),
    );

const worldArb = (size: number, top: number): fc.Arbitrary<Map<string, Picks>> =>
  fc
    .array(accountArb(top), { minLength: size, maxLength: size })
    .map((accounts) => new Map(accounts.map((picks, i) => [`a${i}`, picks])));

describe('the pick pattern of a group', () => {
  it('scores the same in any order, and nothing once two accounts share a number', () => {
    fc.assert(
      fc.property(worldArb(6, 40), fc.nat(), (world, turn) => {
        const games = sharesOf(world);
        const rows = [...world.values()];
        const turned = [...rows.slice(turn % rows.length), ...rows.slice(0, turn % rows.length)].reverse();
        expect(groupScore(turned, games)).toBeCloseTo(groupScore(rows, games), 9);
        const collides = GAMES.some((key) => {
          const held = rows.flatMap((picks) => picks.get(key) ?? []);
          return new Set(held).size < held.length;
        });
        if (collides) expect(groupScore(rows, games)).toBe(0);
      }),
    );
  });

  it('finds no group among honest players drawing from one crowd', () => {
    fc.assert(
      fc.property(worldArb(40, 25), (world) => {
        const games = sharesOf(world);
        for (const [id, picks] of world) expect(findGroup(id, picks, world, games)).toBeNull();
      }),
      { numRuns: 30 },
    );
  });

  it('is not changed by an account that collides with every account of the group', () => {
    // A carpet of ten accounts on 1..10 in turn, and a crowd of 30 on 3..32.
    const carpet = new Map(
      Array.from(
        { length: 10 },
        (_, i) =>
          [
            `p${i}`,
            new Map(GAMES.map((key, day) => [key, [((i + day * 3) % 10) + 1]] as [GameKey, number[]])),
          ] as const,
      ),
    );
    fc.assert(
      fc.property(worldArb(30, 30), (crowd) => {
        const world = new Map<string, Picks>([
          ...carpet,
          ...[...crowd].map(
            ([id, picks]) => [id, new Map([...picks].map(([k, ns]) => [k, ns.map((n) => n + 2)]))] as const,
          ),
        ]);
        const games = sharesOf(world);
        const before = findGroup('p0', carpet.get('p0') as Picks, world, games);
        expect(before).toEqual(expect.arrayContaining([...carpet.keys()]));
        // The newcomer holds, in every game, every number the group holds.
        const newcomer: Picks = new Map(
          GAMES.map((key) => [key, before?.flatMap((id) => world.get(id)?.get(key) ?? []) ?? []]),
        );
        const withNewcomer = new Map([...world, ['zz', newcomer]]);
        const after = findGroup('p0', carpet.get('p0') as Picks, withNewcomer, games);
        expect(after).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });
});
