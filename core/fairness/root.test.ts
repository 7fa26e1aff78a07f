// The streaming root equals the level-by-level definition, and the root commits to every entry:
// changing one entry's number, salt or presence changes it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { emptyRoot, entryLeaf, nodeHash } from './hashes.ts';
import { RootBuilder, rootByLevels, rootOfSortedStream } from './root.ts';

const KEY = '2026-11-20';
const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const sortedLeaves = fc.uniqueArray(hex(64), { maxLength: 300 }).map((leaves) => leaves.sort());
const entryArb = fc.record({ number: fc.integer({ min: 1, max: 2_147_483_647 }), salt: hex(32) });
const entriesArb = fc.array(entryArb, { minLength: 1, maxLength: 40 });

const streamed = (leaves: readonly string[]): string => {
  const builder = new RootBuilder(nodeDigest, KEY);
  for (const leaf of leaves) builder.push(leaf);
  return builder.root();
};

/** The root of a game whose entries are `e0`, `e1`, … in that order of ids. */
const rootOf = (entries: readonly { number: number; salt: string }[], ids = entries.map((_, i) => `e${i}`)): string =>
  rootByLevels(
    nodeDigest,
    KEY,
    entries.map((e, i) => entryLeaf(nodeDigest, KEY, ids[i] ?? '', e.number, e.salt)).sort(),
  );

describe('the root', () => {
  it('streamed with an O(log n) stack equals the level-by-level definition, for every size', () => {
    fc.assert(
      fc.property(sortedLeaves, (leaves) => {
        expect(streamed(leaves)).toBe(rootByLevels(nodeDigest, KEY, leaves));
      }),
      { numRuns: 200 },
    );
  });

  it('holds no more than one node per level of the tree while streaming', () => {
    const builder = new RootBuilder(nodeDigest, KEY);
    const leaves = Array.from({ length: 1000 }, (_, i) => nodeDigest.sha256Hex(String(i))).sort();
    let most = 0;
    for (const leaf of leaves) {
      builder.push(leaf);
      most = Math.max(most, builder.pending);
    }
    expect(most).toBeLessThanOrEqual(Math.ceil(Math.log2(1000)));
    // 1000 = 0b1111101000: six complete subtrees are left over before the final fold.
    expect(builder.pending).toBe(6);
    expect(builder.count).toBe(1000);
    expect(builder.root()).toBe(rootByLevels(nodeDigest, KEY, leaves));
  });

  it('is the empty root without leaves, the leaf itself with one, the node hash with two', async () => {
    expect(streamed([])).toBe(emptyRoot(nodeDigest, KEY));
    expect(emptyRoot(nodeDigest, KEY)).not.toBe(emptyRoot(nodeDigest, '2026-11-21'));
    const [a, b] = ['1'.repeat(64), '2'.repeat(64)];
    expect(streamed([a])).toBe(a);
    expect(streamed([a, b])).toBe(nodeHash(nodeDigest, a, b));
    expect(
      await rootOfSortedStream(
        nodeDigest,
        KEY,
        (async function* () {
          yield [a];
          yield [];
          yield [b];
        })(),
      ),
    ).toEqual({
      root: nodeHash(nodeDigest, a, b),
      leaves: 2,
    });
  });

  it('refuses leaves out of order rather than committing to a wrong root', () => {
    const builder = new RootBuilder(nodeDigest, KEY);
    builder.push('b'.repeat(64));
    expect(() => builder.push('a'.repeat(64))).toThrow(/out of order/);
  });

  it("changes when one entry's number changes", () => {
    fc.assert(
      fc.property(entriesArb, fc.nat(), fc.integer({ min: 1, max: 2_147_483_647 }), (entries, at, number) => {
        const i = at % entries.length;
        fc.pre(entries[i]?.number !== number);
        const changed = entries.map((e, j) => (j === i ? { ...e, number } : e));
        expect(rootOf(changed)).not.toBe(rootOf(entries));
      }),
    );
  });

  it("changes when one entry's salt changes", () => {
    fc.assert(
      fc.property(entriesArb, fc.nat(), hex(32), (entries, at, salt) => {
        const i = at % entries.length;
        fc.pre(entries[i]?.salt !== salt);
        const changed = entries.map((e, j) => (j === i ? { ...e, salt } : e));
        expect(rootOf(changed)).not.toBe(rootOf(entries));
      }),
    );
  });

  it('changes when one entry is left out or one is added', () => {
    fc.assert(
      fc.property(entriesArb, fc.nat(), entryArb, (entries, at, extra) => {
        const i = at % entries.length;
        const ids = entries.map((_, j) => `e${j}`);
        const without = entries.filter((_, j) => j !== i);
        expect(
          rootOf(
            without,
            ids.filter((_, j) => j !== i),
          ),
        ).not.toBe(rootOf(entries, ids));
        expect(rootOf([...entries, extra], [...ids, 'extra'])).not.toBe(rootOf(entries, ids));
      }),
    );
  });
});
