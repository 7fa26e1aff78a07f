// The fixed vectors of docs/fairness.md against both implementations of DESIGN.md §16: the server's
// (core/fairness, through the node:crypto Digest) and the browser's (web/features/verify, Web Crypto).
// An outsider checks their own implementation against the same page, so the page is the oracle.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { emptyRoot, entryLeaf, entryLeafText, mineLeaf, mineLeafText, nodeHash } from '../core/fairness/hashes.ts';
import { verifyRecord, type ClosedRecord } from '../core/fairness/record.ts';
import { RootBuilder, rootByLevels } from '../core/fairness/root.ts';
import * as web from '../web/features/verify/fairness-check.ts';

interface VectorRow {
  number: number;
  salt: string;
  text: string;
  leaf: string;
}
interface Vector {
  name: string;
  gameKey: string;
  entries: (VectorRow & { entryId: string })[];
  mines: (VectorRow & { mineId: string })[];
  emptyText?: string;
  levels?: string[][];
  root: string;
  winningNumber?: number;
  secondPlaceNumber?: number;
}

const doc = readFileSync(new URL('../docs/fairness.md', import.meta.url), 'utf8');
const vectors = [...doc.matchAll(/```json fairness-vector\n([\s\S]*?)\n```/g)].map(
  (m) => JSON.parse(m[1] ?? '') as Vector,
);

const recordOf = (v: Vector): ClosedRecord => ({
  gameDate: v.gameKey,
  status: 'closed',
  closedAt: '2026-11-23T00:00:00.000Z',
  root: v.root,
  entriesTotal: v.entries.length,
  winningNumber: v.winningNumber ?? (v.entries.length === 1 ? (v.entries[0]?.number ?? null) : null),
  secondPlaceNumber: v.secondPlaceNumber ?? null,
  entries: v.entries.map(({ entryId, number, salt, leaf }) => ({ entryId, number, salt, leaf })),
  mines: v.mines.map(({ mineId, number, salt, leaf }) => ({ mineId, number, salt, leaf })),
});

describe('docs/fairness.md vectors', () => {
  it('has the three worked examples: no entry, one entry, five entries with a mine', () => {
    expect(vectors.map((v) => [v.entries.length, v.mines.length])).toEqual([
      [0, 0],
      [1, 0],
      [5, 1],
    ]);
  });

  it('prints in its prose only hashes that the vectors hold', () => {
    const prose = doc.slice(0, doc.indexOf('## The vectors, machine-readable'));
    const known = new Set(
      vectors.flatMap((v) => [
        v.root,
        ...v.entries.map((e) => e.leaf),
        ...v.mines.map((m) => m.leaf),
        ...(v.levels ?? []).flat(),
      ]),
    );
    const printed = prose.match(/\b[0-9a-f]{64}\b/g) ?? [];
    expect(printed.length).toBeGreaterThan(15);
    for (const hash of printed) expect(known.has(hash), hash).toBe(true);
  });

  describe.each(vectors)('$name', (v) => {
    const leaves = [...v.entries.map((e) => e.leaf), ...v.mines.map((m) => m.leaf)].sort();

    it('core: every text, leaf, level and the root', () => {
      if (v.emptyText) expect(emptyRoot(nodeDigest, v.gameKey)).toBe(v.root);
      for (const e of v.entries) {
        expect(entryLeafText(v.gameKey, e.entryId, e.number, e.salt)).toBe(e.text);
        expect(entryLeaf(nodeDigest, v.gameKey, e.entryId, e.number, e.salt)).toBe(e.leaf);
      }
      for (const m of v.mines) {
        expect(mineLeafText(v.gameKey, m.mineId, m.number, m.salt)).toBe(m.text);
        expect(mineLeaf(nodeDigest, v.gameKey, m.mineId, m.number, m.salt)).toBe(m.leaf);
      }
      const levels = v.levels ?? [];
      for (let i = 1; i < levels.length; i += 1) {
        const below = levels[i - 1] ?? [];
        const expected = (levels[i] ?? []).map((hash, j) =>
          2 * j + 1 < below.length ? nodeHash(nodeDigest, below[2 * j] ?? '', below[2 * j + 1] ?? '') : below[2 * j],
        );
        expect(levels[i]).toEqual(expected);
      }
      expect(rootByLevels(nodeDigest, v.gameKey, leaves)).toBe(v.root);
      const builder = new RootBuilder(nodeDigest, v.gameKey);
      for (const leaf of leaves) builder.push(leaf);
      expect(builder.root()).toBe(v.root);
      expect(verifyRecord(nodeDigest, recordOf(v))).toEqual({ ok: true, root: v.root });
    });

    it('web: every leaf, the root and the verdict with Web Crypto', async () => {
      for (const e of v.entries) expect(await web.entryLeaf(v.gameKey, e.entryId, e.number, e.salt)).toBe(e.leaf);
      for (const m of v.mines) expect(await web.mineLeaf(v.gameKey, m.mineId, m.number, m.salt)).toBe(m.leaf);
      expect(await web.merkleRoot(v.gameKey, leaves)).toBe(v.root);
      expect(await web.verifyFairnessRecord(recordOf(v))).toEqual({ verified: true, root: v.root });
    });
  });
});
