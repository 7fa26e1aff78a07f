// The omission proof of DESIGN.md §16: two adjacent items of the tree, each proven, around where a receipt's pick
// would stand prove it absent. It holds for every pick a random game does not hold, never for one it holds, and is
// refused when the neighbours are not side by side, in the wrong order, forged, or of another game.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { closeGame, gameArb, KEY, treeItems } from '../../test/support/tree-v2-games.ts';
import { entryLeaf } from './hashes.ts';
import { compareTreeItems, treeV2Levels } from './tree-v2.ts';
import type { TreeItem, TreeLeaf } from './model.ts';
import { checkAbsence, inclusionProof, type Neighbours, type TreeV2Summary } from './tree-v2-proofs.ts';

const ghost = (number: number, salt = '5a'.repeat(16)) => ({
  gameDate: KEY,
  entryId: 'ghost',
  number,
  salt,
  leaf: entryLeaf(nodeDigest, KEY, 'ghost', number, salt),
});

/** The reference answer of /neighbours: built from the whole tree, as the server's must answer. */
const neighboursIn = (items: readonly TreeItem[], key: TreeLeaf): Neighbours => {
  const tree = treeV2Levels(nodeDigest, KEY, items);
  const at = (index: number) =>
    index >= 0 && index < items.length ? { item: items[index] as TreeItem, proof: inclusionProof(tree, index) } : null;
  const before = items.filter((item) => compareTreeItems(item, key) < 0).length;
  const present = items[before] !== undefined && compareTreeItems(items[before], key) === 0;
  return { size: items.length, left: at(before - 1), right: at(before + (present ? 1 : 0)) };
};

const summaryOf = (items: readonly TreeItem[]): TreeV2Summary => closeGame(items).summary;

const fieldOf = (check: ReturnType<typeof checkAbsence>): string | null => (check.ok ? null : check.mismatch.field);

describe('the omission proof', () => {
  it('proves absent every pick a game does not hold, and never one it holds', () => {
    fc.assert(
      fc.property(gameArb(), fc.integer({ min: 0, max: 400 }), fc.nat(), (items, number, at) => {
        const summary = summaryOf(items);
        const receipt = ghost(number, nodeDigest.sha256Hex(String(at)).slice(0, 32));
        expect(checkAbsence(nodeDigest, summary, receipt, neighboursIn(items, receipt))).toEqual({ ok: true });
        const held = items[at % Math.max(1, items.length)];
        if (held?.kind === 'entry') {
          const receiptOfHeld = {
            gameDate: KEY,
            entryId: held.id,
            number: held.number,
            salt: held.salt,
            leaf: held.leaf,
          };
          expect(checkAbsence(nodeDigest, summary, receiptOfHeld, neighboursIn(items, held)).ok).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  const items = treeItems(
    [2, 4, 4, 9, 30, 30, 41].map((number, i) => ({ kind: 'entry' as const, number, salt: String(i).repeat(32) })),
  );
  const summary = summaryOf(items);
  const tree = treeV2Levels(nodeDigest, KEY, items);
  const neighbour = (index: number) => ({ item: items[index] as TreeItem, proof: inclusionProof(tree, index) });
  const between = ghost(5);

  it('holds for the reference neighbours of a pick between 4 and 9', () => {
    expect(neighboursIn(items, between)).toEqual({ size: 7, left: neighbour(2), right: neighbour(3) });
    expect(checkAbsence(nodeDigest, summary, between, neighboursIn(items, between))).toEqual({ ok: true });
  });

  it('is refused for neighbours that are not side by side, or a missing one inside the game', () => {
    for (const [left, right] of [
      [1, 3],
      [2, 4],
      [0, 6],
    ] as const) {
      const check = checkAbsence(nodeDigest, summary, between, {
        size: 7,
        left: neighbour(left),
        right: neighbour(right),
      });
      expect(fieldOf(check)).toBe('adjacent');
    }
    expect(fieldOf(checkAbsence(nodeDigest, summary, between, { size: 7, left: null, right: neighbour(3) }))).toBe(
      'adjacent',
    );
    expect(fieldOf(checkAbsence(nodeDigest, summary, between, { size: 7, left: neighbour(2), right: null }))).toBe(
      'adjacent',
    );
    expect(fieldOf(checkAbsence(nodeDigest, summary, between, { size: 7, left: null, right: null }))).toBe('adjacent');
  });

  it('is refused for adjacent neighbours the pick does not fall between, or given in the wrong order', () => {
    expect(
      fieldOf(checkAbsence(nodeDigest, summary, between, { size: 7, left: neighbour(3), right: neighbour(4) })),
    ).toBe('order');
    expect(
      fieldOf(checkAbsence(nodeDigest, summary, between, { size: 7, left: neighbour(3), right: neighbour(2) })),
    ).toBe('adjacent');
    expect(fieldOf(checkAbsence(nodeDigest, summary, ghost(1), { size: 7, left: null, right: neighbour(0) }))).toBe(
      null,
    );
    expect(fieldOf(checkAbsence(nodeDigest, summary, ghost(50), { size: 7, left: null, right: neighbour(0) }))).toBe(
      'order',
    );
    expect(fieldOf(checkAbsence(nodeDigest, summary, ghost(1), { size: 7, left: neighbour(6), right: null }))).toBe(
      'order',
    );
  });

  it('is refused for a forged proof, a forged neighbour, another size, or an empty claim on a game that has items', () => {
    const good = neighboursIn(items, between);
    const left = good.left ?? neighbour(2);
    const right = good.right ?? neighbour(3);
    const forgedPath = {
      ...good,
      left: {
        ...left,
        proof: { ...left.proof, path: left.proof.path.map((s, i) => (i === 0 ? { ...s, hash: 'ab'.repeat(32) } : s)) },
      },
    };
    expect(fieldOf(checkAbsence(nodeDigest, summary, between, forgedPath))).toBe('inclusion');
    // Claiming the right neighbour one place earlier: its proof no longer fits its position.
    const moved = { ...good, right: { ...right, proof: { ...right.proof, index: 2 } } };
    expect(fieldOf(checkAbsence(nodeDigest, summary, between, moved))).toBe('inclusion');
    // An item made up to stand beside the pick: its leaf follows from its fields, but no proof leads to the root.
    const fake = { kind: 'entry' as const, id: 'fake', number: 6, salt: 'c'.repeat(32) };
    const made = { ...fake, leaf: entryLeaf(nodeDigest, KEY, 'fake', 6, fake.salt) };
    expect(
      fieldOf(checkAbsence(nodeDigest, summary, between, { ...good, right: { item: made, proof: right.proof } })),
    ).toBe('inclusion');
    expect(
      fieldOf(
        checkAbsence(nodeDigest, summary, between, {
          ...good,
          right: { ...right, item: { ...right.item, salt: 'd'.repeat(32) } },
        }),
      ),
    ).toBe('leaf');
    expect(fieldOf(checkAbsence(nodeDigest, summary, between, { ...good, size: 8 }))).toBe('size');
    const empty = { ...summary, size: 0 };
    expect(fieldOf(checkAbsence(nodeDigest, empty, between, { size: 0, left: null, right: null }))).toBe('root');
  });

  it('is refused for a receipt of another game, or whose leaf does not follow from its fields', () => {
    const good = neighboursIn(items, between);
    expect(fieldOf(checkAbsence(nodeDigest, summary, { ...between, gameDate: '2026-12-02' }, good))).toBe('game');
    expect(fieldOf(checkAbsence(nodeDigest, summary, { ...between, number: 6 }, good))).toBe('receipt');
  });

  it('holds on an empty game for any pick: its root is the empty root', () => {
    const none = summaryOf([]);
    expect(checkAbsence(nodeDigest, none, between, { size: 0, left: null, right: null })).toEqual({ ok: true });
  });
});
