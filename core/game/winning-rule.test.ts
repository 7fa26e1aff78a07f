import { describe, expect, it } from 'vitest';
import { isUnique } from './winning-rule.ts';

describe('isUnique', () => {
  it('holds for one entry on a number that is not mined, and for nothing else', () => {
    const table = [0, 1, 2, 3].flatMap((entries) =>
      [false, true].map((mined) => ({ entries, mined, unique: isUnique(entries, mined) })),
    );
    expect(table.filter((row) => row.unique)).toEqual([{ entries: 1, mined: false, unique: true }]);
  });
});
