// The tree version 2 vectors of docs/fairness.md against both implementations of DESIGN.md §16: core's, which
// recomputes every leaf text, level, root, result and proof of the small games and the generated 1,000-item game,
// and the browser's (web/features/verify/tree-v2-check.ts), which must accept every published proof and result and
// name a changed winning number. So the page cannot drift from either; an outsider checks theirs against it too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { entryLeafText, mineLeafText } from '../core/fairness/hashes.ts';
import { TreeV2Builder, compareTreeItems, itemLeaf, treeV2Levels } from '../core/fairness/tree-v2.ts';
import type { TreeItem, TreeNode, WinnerProof } from '../core/fairness/model.ts';
import {
  inclusionProof,
  resolveItems,
  verifyInclusion,
  verifyWinnerProof,
  type InclusionProof,
  type TreeV2Summary,
} from '../core/fairness/tree-v2-proofs.ts';
import type { FairnessSummaryV2 } from '../server/routes/fairness.schemas.ts';
import * as web from '../web/features/verify/fairness-check.ts';
import * as webTree from '../web/features/verify/tree-v2-check.ts';

interface Outcome {
  name: string;
  gameKey: string;
  root: TreeNode;
  size: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  winnerProof: WinnerProof;
}
interface SmallVector extends Outcome {
  items: (TreeItem & { text: string })[];
  levels: TreeNode[][];
  inclusionProofs: InclusionProof[];
}
interface GeneratedVector extends Outcome {
  generator: { size: number; seed: string; mineEvery: number; numbers: number };
  inclusion: { item: TreeItem; proof: InclusionProof };
  winnerItems: TreeItem[];
}

const doc = readFileSync(new URL('../docs/fairness.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('# Tree version 2'));
const blocks = [...section.matchAll(/```json fairness-vector-v2\n([\s\S]*?)\n```/g)].map(
  (m) => JSON.parse(m[1] ?? '') as SmallVector | GeneratedVector,
);
const small = blocks.filter((v): v is SmallVector => 'items' in v);
const generated = blocks.filter((v): v is GeneratedVector => 'generator' in v);

/** The generator the page describes, in its words. */
const generate = (gameKey: string, { size, seed, mineEvery, numbers }: GeneratedVector['generator']): TreeItem[] =>
  Array.from({ length: size }, (_, i) => {
    const h = nodeDigest.sha256Hex(`${seed}|${String(i)}`);
    const kind = i % mineEvery === mineEvery - 1 ? 'mine' : 'entry';
    const id = `${kind === 'mine' ? 'm' : 'e'}${String(i)}`;
    const number = 1 + (Number.parseInt(h.slice(0, 8), 16) % numbers);
    const salt = h.slice(32);
    return { kind, id, number, salt, leaf: itemLeaf(nodeDigest, gameKey, { kind, id, number, salt }) } as const;
  }).sort(compareTreeItems);

/** What the close computes for these items: the streamed root and winner proof, and the summary. */
const closed = (gameKey: string, items: readonly TreeItem[]): { summary: TreeV2Summary; winnerProof: WinnerProof } => {
  const result = resolveItems(items);
  const builder = new TreeV2Builder(nodeDigest, gameKey, { bound: result.secondPlaceNumber });
  for (const item of items) builder.push(item);
  const { root, size, winnerProof } = builder.finish();
  return { summary: { gameKey, root: root.hash, size, lo: root.lo, hi: root.hi, ...result }, winnerProof };
};

const expectOutcome = (v: Outcome, items: readonly TreeItem[]) => {
  const { summary, winnerProof } = closed(v.gameKey, items);
  expect(summary).toEqual({
    gameKey: v.gameKey,
    root: v.root.hash,
    size: v.size,
    lo: v.root.lo,
    hi: v.root.hi,
    winningNumber: v.winningNumber,
    secondPlaceNumber: v.secondPlaceNumber,
  });
  expect(winnerProof).toEqual(v.winnerProof);
  expect(verifyWinnerProof(nodeDigest, summary, v.winnerProof, items.slice(0, v.winnerProof.count))).toEqual({
    ok: true,
  });
  return summary;
};

describe('docs/fairness.md, tree version 2', () => {
  it('has games of 0, 1, 2, 3, 5 and 1,000 items, with mines and duplicate numbers', () => {
    expect(blocks.map((v) => v.size)).toEqual([0, 1, 2, 3, 5, 1000]);
    const items = [...small.flatMap((v) => v.items), ...generated.flatMap((v) => generate(v.gameKey, v.generator))];
    expect(items.some((i) => i.kind === 'mine')).toBe(true);
    expect(small.some((v) => new Set(v.items.map((i) => i.number)).size < v.items.length)).toBe(true);
  });

  it('prints in its prose only hashes that the vectors hold', () => {
    const prose = section.slice(0, section.indexOf('## The v2 vectors, machine-readable'));
    const known = new Set(small.flatMap((v) => [...v.items.map((i) => i.leaf), ...v.levels.flat().map((n) => n.hash)]));
    const printed = prose.match(/\b[0-9a-f]{64}\b/g) ?? [];
    expect(printed.length).toBeGreaterThan(4);
    for (const hash of printed) expect(known.has(hash), hash).toBe(true);
  });

  describe.each(small)('$name', (v) => {
    it('every leaf text, level, the root, the result, every inclusion proof and the winner proof', () => {
      for (const item of v.items) {
        expect((item.kind === 'entry' ? entryLeafText : mineLeafText)(v.gameKey, item.id, item.number, item.salt)).toBe(
          item.text,
        );
        expect(itemLeaf(nodeDigest, v.gameKey, item)).toBe(item.leaf);
      }
      expect([...v.items].sort(compareTreeItems)).toEqual(v.items);
      const tree = treeV2Levels(nodeDigest, v.gameKey, v.items);
      expect(tree.levels).toEqual(v.levels);
      expect(tree.root).toEqual(v.root);
      const summary = expectOutcome(v, v.items);
      expect(v.inclusionProofs).toEqual(v.items.map((_, i) => inclusionProof(tree, i)));
      v.items.forEach((item, i) =>
        expect(verifyInclusion(nodeDigest, item, v.inclusionProofs[i] as InclusionProof, summary)).toEqual({
          ok: true,
        }),
      );
    });
  });

  describe.each(generated)('$name', (v) => {
    it('the root, the result, the inclusion proof and the winner proof with its items, from the generator', () => {
      const items = generate(v.gameKey, v.generator);
      const summary = expectOutcome(v, items);
      expect(v.winnerItems).toEqual(items.slice(0, v.winnerProof.count));
      const index = items.findIndex((i) => i.id === v.inclusion.item.id);
      expect(items[index]).toEqual(v.inclusion.item);
      expect(v.inclusion.proof).toEqual(inclusionProof(treeV2Levels(nodeDigest, v.gameKey, items), index));
      expect(verifyInclusion(nodeDigest, v.inclusion.item, v.inclusion.proof, summary)).toEqual({ ok: true });
    });
  });

  describe('the browser’s verifier', () => {
    const games = [
      ...small.map((v) => ({
        v,
        items: v.items.map(({ kind, id, number, salt, leaf }) => ({ kind, id, number, salt, leaf })),
        proofs: v.items.map((item, i) => ({ item, proof: v.inclusionProofs[i] as InclusionProof })),
      })),
      ...generated.map((v) => ({ v, items: generate(v.gameKey, v.generator), proofs: [v.inclusion] })),
    ];

    /** The summary GET /api/fairness/{gameKey} publishes for the vector, pages of `pageSize` items. */
    const summaryOf = (v: Outcome, items: readonly TreeItem[], pageSize: number): FairnessSummaryV2 => ({
      gameDate: v.gameKey,
      status: 'closed',
      closedAt: null,
      treeVersion: 2,
      root: v.root.hash,
      size: v.size,
      lo: v.root.lo,
      hi: v.root.hi,
      entriesTotal: items.filter((i) => i.kind === 'entry').length,
      minesTotal: items.filter((i) => i.kind === 'mine').length,
      winningNumber: v.winningNumber,
      secondPlaceNumber: v.secondPlaceNumber,
      pageSize,
    });

    const pagesOf =
      (items: readonly TreeItem[]): webTree.FetchItemsPage =>
      async (from, count) => ({ gameDate: '', from, items: items.slice(from, from + count) });

    it('gives the small games’ leaf texts from its own code', () => {
      for (const v of small)
        for (const item of v.items)
          expect(
            (item.kind === 'entry' ? web.entryLeafText : web.mineLeafText)(v.gameKey, item.id, item.number, item.salt),
          ).toBe(item.text);
    });

    it.each(games.map((g) => ({ ...g, name: g.v.name })))(
      'accepts $name: the winner proof, the inclusion proofs and the full audit',
      async ({ v, items, proofs }) => {
        const summary = summaryOf(v, items, 2);
        expect(webTree.verifyWinnerProof(summary, v.winnerProof, items.slice(0, v.winnerProof.count))).toEqual({
          ok: true,
        });
        for (const { item, proof } of proofs)
          expect(webTree.verifyInclusion(summary, item, proof)).toEqual({ ok: true });
        expect(await webTree.auditGame(summary, pagesOf(items), () => undefined)).toEqual({ ok: true });
      },
    );

    it.each(games.map((g) => ({ ...g, name: g.v.name })))(
      'names a changed winning number in $name',
      async ({ v, items }) => {
        const lie = { ...summaryOf(v, items, 100), winningNumber: (v.winningNumber ?? 0) + 1 };
        const named = {
          ok: false,
          mismatch: { code: 'winner', computed: v.winningNumber, published: lie.winningNumber },
        };
        expect(webTree.verifyWinnerProof(lie, v.winnerProof, items.slice(0, v.winnerProof.count))).toEqual(named);
        expect(await webTree.auditGame(lie, pagesOf(items), () => undefined)).toEqual(named);
      },
    );
  });
});
