import { describe, expect, it } from 'vitest';
import { ordinal, outcomeLabels } from './outcome-labels.ts';

describe('outcome labels', () => {
  it('names each outcome as issue 12 writes it', () => {
    expect(outcomeLabels).toEqual({
      winner: 'YOU WON!',
      runner_up: 'RUNNER-UP',
      unique: 'UNIQUE',
      duplicate: 'NOT UNIQUE',
    });
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});
