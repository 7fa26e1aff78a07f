import { describe, expect, it } from 'vitest';
import { chartBox, chartLayout, roundUp } from './trend-chart.ts';

describe('roundUp', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [11, 20],
    [20, 20],
    [47, 50],
    [51, 100],
    [2_147_483_647, 5_000_000_000],
  ])('%d → %d', (value, expected) => expect(roundUp(value)).toBe(expected));
});

describe('chartLayout', () => {
  it('spreads games left to right, scales winners up from the baseline and breaks the line at a game without a winner', () => {
    const layout = chartLayout([
      { gameDate: '2026-11-01', winningNumber: 10, entriesTotal: 5 },
      { gameDate: '2026-11-02', winningNumber: 5, entriesTotal: 5 },
      { gameDate: '2026-11-02-2', winningNumber: null, entriesTotal: 2 },
      { gameDate: '2026-11-03', winningNumber: 2, entriesTotal: 4 },
    ]);
    const plotHeight = chartBox.height - chartBox.top - chartBox.bottom;
    expect(layout.yMax).toBe(10);
    expect(layout.baseline).toBe(chartBox.top + plotHeight);
    expect(layout.points.map((p) => p.x)).toEqual([44, 138.7, 233.3, 328]);
    expect(layout.points.map((p) => p.y)).toEqual([chartBox.top, chartBox.top + plotHeight / 2, null, 140]);
    // The run before the gap is drawn; a lone winner after it is a point without a line.
    expect(layout.lines).toEqual([`44,12 138.7,${chartBox.top + plotHeight / 2}`]);
  });

  it('centres a single game', () => {
    const layout = chartLayout([{ gameDate: '2026-11-01', winningNumber: 3, entriesTotal: 1 }]);
    expect(layout.points[0]?.x).toBe(chartBox.left + (chartBox.width - chartBox.left - chartBox.right) / 2);
    expect(layout.lines).toEqual([]);
  });
});
