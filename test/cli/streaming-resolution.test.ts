// The remote audit's resolution over items in tree order agrees with core's resolveItems over the whole game, and
// keeps at most two entries and one mine per number, none past the runner-up's number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamingResolution } from '../../cli/remote/streaming-resolution.ts';
import { resolveItems } from '../../core/fairness/tree-v2-proofs.ts';
import { gameArb } from '../support/tree-v2-games.ts';

describe('StreamingResolution', () => {
  it('gives the winner and runner-up of resolveItems, keeping little', () => {
    fc.assert(
      fc.property(gameArb(), (items) => {
        const streaming = new StreamingResolution();
        for (const item of items) streaming.push(item);
        const expected = resolveItems(items);
        expect(streaming.result()).toEqual(expected);
        const upTo = expected.secondPlaceNumber ?? Number.POSITIVE_INFINITY;
        const distinct = new Set(items.filter((i) => i.number <= upTo).map((i) => i.number)).size;
        // The number after the runner-up's may have started before the runner-up was known to be unique.
        expect(streaming.kept).toBeLessThanOrEqual(3 * (distinct + 1));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a mine and a third entry on a number', () => {
    const item = (kind: 'entry' | 'mine', id: string, number: number) => ({ kind, id, number, salt: '', leaf: id });
    const streaming = new StreamingResolution();
    for (const i of [
      item('entry', 'a', 1),
      item('mine', 'b', 1),
      item('entry', 'c', 2),
      item('entry', 'd', 2),
      item('entry', 'e', 2),
      item('entry', 'f', 3),
      item('entry', 'g', 4),
      item('entry', 'h', 5),
    ])
      streaming.push(i);
    expect(streaming.result()).toEqual({ winningNumber: 3, secondPlaceNumber: 4 });
    expect(streaming.kept).toBe(6);
  });
});
