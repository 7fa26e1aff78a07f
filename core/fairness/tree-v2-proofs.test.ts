// The proofs of tree version 2: an inclusion proof is the same from the whole tree and from one block plus
// the stored levels, verifies for every item and fails for any change; a winner proof verifies with the
// items up to the bound only, and fails when an item is dropped, a left-out node could hide one, or the
// order or the result is changed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { closeGame, gameArb, KEY, treeItems } from '../../test/support/tree-v2-games.ts';
import { treeV2Levels } from './tree-v2.ts';
import type { TreeItem } from './model.ts';
import {
  inclusionProof,
  inclusionProofFromStored,
  proofBlock,
  storedProofPositions,
  verifyInclusion,
  verifyWinnerProof,
  winnerBound,
  type InclusionProof,
} from './tree-v2-proofs.ts';

const nonEmptyGame = gameArb(
  fc.oneof(fc.constantFrom(1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 64, 65), fc.integer({ min: 1, max: 200 })),
);

describe('an inclusion proof', () => {
  it('is the same from the whole tree and from its block plus the stored nodes, which are all it reads above the block', () => {
    fc.assert(
      fc.property(nonEmptyGame, fc.nat(), fc.integer({ min: 0, max: 5 }), (items, at, storedFromLevel) => {
        const index = at % items.length;
        const { stored } = closeGame(items, storedFromLevel);
        const { from, count } = proofBlock(index, items.length, storedFromLevel);
        expect(from % 2 ** storedFromLevel).toBe(0);
        expect(index - from).toBeLessThan(2 ** storedFromLevel);
        const read: string[] = [];
        const proof = inclusionProofFromStored(nodeDigest, {
          index,
          size: items.length,
          storedFromLevel,
          block: items.slice(from, from + count),
          stored: (level, i) => {
            read.push(`${String(level)}/${String(i)}`);
            return stored.get(`${String(level)}/${String(i)}`);
          },
        });
        expect(proof).toEqual(inclusionProof(treeV2Levels(nodeDigest, KEY, items), index));
        expect(read).toEqual(
          storedProofPositions(index, items.length, storedFromLevel).map(
            (p) => `${String(p.level)}/${String(p.index)}`,
          ),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('is refused rather than served wrong when the block or a stored node is missing', () => {
    const items = treeItems(
      [1, 2, 3, 4, 5].map((number) => ({ kind: 'entry' as const, number, salt: 'ef'.repeat(16) })),
    );
    const { stored } = closeGame(items, 1);
    const input = {
      index: 4,
      size: 5,
      storedFromLevel: 1,
      block: items.slice(4),
      stored: (level: number, i: number) => stored.get(`${String(level)}/${String(i)}`),
    };
    expect(inclusionProofFromStored(nodeDigest, input)).toEqual(
      inclusionProof(treeV2Levels(nodeDigest, KEY, items), 4),
    );
    expect(() => inclusionProofFromStored(nodeDigest, { ...input, block: items.slice(3) })).toThrow(
      /has 1 items, not 2/,
    );
    expect(() => inclusionProofFromStored(nodeDigest, { ...input, stored: () => undefined })).toThrow(/No node/);
  });

  it('verifies for every item, with at most one step per level', () => {
    fc.assert(
      fc.property(nonEmptyGame, (items) => {
        const tree = treeV2Levels(nodeDigest, KEY, items);
        const { summary } = closeGame(items);
        items.forEach((item, index) => {
          const proof = inclusionProof(tree, index);
          expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(items.length)));
          expect(verifyInclusion(nodeDigest, item, proof, summary)).toEqual({ ok: true });
        });
      }),
      { numRuns: 60 },
    );
  });

  type Tamper = (item: TreeItem, proof: InclusionProof) => { item: TreeItem; proof: InclusionProof } | null;
  const onStep =
    (change: (step: InclusionProof['path'][number]) => InclusionProof['path'][number]): Tamper =>
    (item, proof) => {
      const [step, ...rest] = proof.path;
      return step ? { item, proof: { ...proof, path: [change(step), ...rest] } } : null;
    };
  const tampers: [string, string, Tamper][] = [
    ['its number', 'root', (item, proof) => ({ item: { ...item, number: item.number + 1 }, proof })],
    ['its leaf', 'root', (item, proof) => ({ item: { ...item, leaf: nodeDigest.sha256Hex(item.leaf) }, proof })],
    ["a sibling's hash", 'root', onStep((s) => ({ ...s, hash: nodeDigest.sha256Hex(s.hash) }))],
    // Only a sibling's outer bound enters the parent's hash (lo of a left sibling, hi of a right one).
    [
      "a sibling's outer bound",
      'root',
      onStep((s) => (s.side === 'left' ? { ...s, lo: s.lo - 1 } : { ...s, hi: s.hi + 1 })),
    ],
    ["a sibling's side", 'path', onStep((s) => ({ ...s, side: s.side === 'left' ? 'right' : 'left' }))],
    [
      'a dropped step',
      'path',
      (item, proof) => (proof.path.length > 0 ? { item, proof: { ...proof, path: proof.path.slice(1) } } : null),
    ],
    ['the size', 'size', (item, proof) => ({ item, proof: { ...proof, size: proof.size + 1 } })],
    [
      'the index',
      'path',
      (item, proof) => (proof.size > 1 ? { item, proof: { ...proof, index: (proof.index + 1) % proof.size } } : null),
    ],
  ];

  it.each(tampers)('fails when %s changes, naming the %s', (_, field, tamper) => {
    fc.assert(
      fc.property(nonEmptyGame, fc.nat(), (items, at) => {
        const index = at % items.length;
        const item = items[index] as TreeItem;
        const changed = tamper(item, inclusionProof(treeV2Levels(nodeDigest, KEY, items), index));
        fc.pre(changed !== null);
        const check = verifyInclusion(nodeDigest, changed.item, changed.proof, closeGame(items).summary);
        expect(check).toMatchObject({ ok: false, mismatch: { field } });
      }),
      { numRuns: 60 },
    );
  });

  it("fails against another game's root, in words a player reads", () => {
    const items = treeItems([3, 5, 8].map((number) => ({ kind: 'entry' as const, number, salt: 'ab'.repeat(16) })));
    const [first] = items;
    if (!first) throw new Error('an item expected');
    const other = closeGame(
      items.slice(0, 2).concat(treeItems([{ kind: 'entry', number: 9, salt: 'cd'.repeat(16) }])),
    ).summary;
    expect(
      verifyInclusion(nodeDigest, first, inclusionProof(treeV2Levels(nodeDigest, KEY, items), 0), other),
    ).toMatchObject({
      ok: false,
      mismatch: {
        field: 'root',
        message: 'The proof does not lead to the published root: this item is not in the game as published.',
      },
    });
  });
});

describe('a winner proof', () => {
  /** The close's proof and the items it names, as a verifier reads them. */
  const proved = (items: TreeItem[]) => {
    const { built, summary } = closeGame(items);
    return { summary, proof: built.winnerProof, read: items.slice(0, built.winnerProof.count) };
  };

  it('verifies with the items up to the bound and the complement, mines included', () => {
    fc.assert(
      fc.property(gameArb(), (items) => {
        const { summary, proof, read } = proved(items);
        expect(proof.bound).toBe(winnerBound(summary));
        expect(verifyWinnerProof(nodeDigest, summary, proof, read)).toEqual({ ok: true });
      }),
      { numRuns: 150 },
    );
  });

  it('needs only the items up to the runner-up and the first above it when both places exist', () => {
    // 2 is mined, 3 and 5 are unique: winner 3, runner-up 5; the first 9 shows where 5 ends, the second 9 and 12 stay out.
    const items = treeItems([
      { kind: 'entry', number: 2, salt: '01'.repeat(16) },
      { kind: 'mine', number: 2, salt: '02'.repeat(16) },
      { kind: 'entry', number: 3, salt: '03'.repeat(16) },
      { kind: 'entry', number: 5, salt: '04'.repeat(16) },
      { kind: 'entry', number: 9, salt: '05'.repeat(16) },
      { kind: 'entry', number: 9, salt: '06'.repeat(16) },
      { kind: 'entry', number: 12, salt: '07'.repeat(16) },
    ]);
    const { summary, proof, read } = proved(items);
    expect(summary).toMatchObject({ winningNumber: 3, secondPlaceNumber: 5, size: 7, lo: 2, hi: 12 });
    expect(proof).toMatchObject({ bound: 5, count: 5 });
    expect(proof.complement.map((n) => [n.lo, n.hi])).toEqual([
      [9, 9],
      [12, 12],
    ]);
    expect(verifyWinnerProof(nodeDigest, summary, proof, read)).toEqual({ ok: true });
    const asEntry = read.map((i) => (i.kind === 'mine' ? { ...i, kind: 'entry' as const } : i));
    expect(verifyWinnerProof(nodeDigest, summary, proof, asEntry)).toMatchObject({
      ok: false,
      mismatch: { field: 'leaf', id: 'm1' },
    });
  });

  it('fails when an item up to the bound is dropped, even with the count and complement made to fit', () => {
    fc.assert(
      fc.property(gameArb(), fc.nat(), (items, at) => {
        const { summary, proof, read } = proved(items);
        const upToBound = read.filter((item) => item.number <= proof.bound).length;
        fc.pre(upToBound > 0);
        const dropped = read.filter((_, i) => i !== at % upToBound);
        const refit = closeGame(dropped).built.winnerProof;
        expect(verifyWinnerProof(nodeDigest, summary, { ...proof, count: dropped.length }, dropped).ok).toBe(false);
        expect(
          verifyWinnerProof(
            nodeDigest,
            summary,
            { ...proof, count: dropped.length, complement: refit.complement },
            dropped,
          ).ok,
        ).toBe(false);
        expect(verifyWinnerProof(nodeDigest, summary, proof, dropped)).toMatchObject({
          ok: false,
          mismatch: { field: 'count' },
        });
      }),
      { numRuns: 100 },
    );
  });

  it("refuses a proof that stops inside the runner-up's number, whatever lo its complement claims", () => {
    // 3, 5, 5, 9: the runner-up is 9. Stopping after the first 5 would make 5 look unique; the node (5, 9)
    // left out is a right child, so its lo enters no hash the verifier computes and could be claimed as 6.
    const items = treeItems(
      [3, 5, 5, 9].map((number, i) => ({ kind: 'entry' as const, number, salt: String(i).repeat(32) })),
    );
    const { summary } = closeGame(items);
    expect(summary).toMatchObject({ winningNumber: 3, secondPlaceNumber: 9 });
    const hidden = treeV2Levels(nodeDigest, KEY, items).levels[1]?.[1];
    if (!hidden) throw new Error('a node expected');
    const forged = verifyWinnerProof(
      nodeDigest,
      { ...summary, secondPlaceNumber: 5 },
      { bound: 5, count: 2, complement: [{ ...hidden, lo: 6 }] },
      items.slice(0, 2),
    );
    expect(forged).toMatchObject({
      ok: false,
      mismatch: {
        field: 'count',
        message:
          'The proof stops at number 5: it must go on to the first item above 5, so that nothing up to 5 is left out.',
      },
    });
  });

  it('fails when a complement node reaches down to the bound', () => {
    fc.assert(
      fc.property(gameArb(), fc.nat(), (items, at) => {
        const { summary, proof, read } = proved(items);
        fc.pre(proof.complement.length > 0);
        const complement = proof.complement.map((n, i) =>
          i === at % proof.complement.length ? { ...n, lo: proof.bound } : n,
        );
        expect(verifyWinnerProof(nodeDigest, summary, { ...proof, complement }, read)).toMatchObject({
          ok: false,
          mismatch: { field: 'complement' },
        });
      }),
      { numRuns: 100 },
    );
  });

  it('fails when the items are out of order', () => {
    fc.assert(
      fc.property(gameArb(), fc.nat(), (items, at) => {
        const { summary, proof, read } = proved(items);
        fc.pre(read.length > 1);
        const i = at % (read.length - 1);
        const swapped = read.map((item, j) => (j === i ? read[i + 1] : j === i + 1 ? read[i] : item) as TreeItem);
        expect(verifyWinnerProof(nodeDigest, summary, proof, swapped)).toMatchObject({
          ok: false,
          mismatch: { field: 'order' },
        });
      }),
      { numRuns: 100 },
    );
  });

  it('fails when the published winner or runner-up differs from what the items give', () => {
    fc.assert(
      fc.property(gameArb(), (items) => {
        const { summary, proof, read } = proved(items);
        fc.pre(summary.winningNumber !== null);
        const lie = { ...summary, winningNumber: (summary.winningNumber ?? 0) + 1 };
        expect(verifyWinnerProof(nodeDigest, lie, { ...proof, bound: winnerBound(lie) }, read)).toMatchObject({
          ok: false,
          mismatch: { field: 'winningNumber' },
        });
        const other = { ...summary, secondPlaceNumber: summary.secondPlaceNumber === null ? summary.hi + 1 : null };
        expect(verifyWinnerProof(nodeDigest, other, proof, read).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
