// Geometry of the winning-number chart: one point per closed game (oldest left), a line through
// consecutive games that had a winner, a y axis from 0 to a round maximum.
import type { TrendsResponse } from '../../../server/routes/stats.schemas.ts';

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const chartBox: ChartBox = { width: 340, height: 200, left: 44, right: 12, top: 12, bottom: 28 };

export interface ChartPoint {
  gameDate: string;
  x: number;
  /** null for a game without a winner (drawn on the baseline as a cross). */
  y: number | null;
  winningNumber: number | null;
}

export interface ChartLayout {
  points: ChartPoint[];
  /** SVG `points` attributes, one per run of consecutive games with a winner. */
  lines: string[];
  yMax: number;
  baseline: number;
}

/** The smallest 1, 2 or 5 × 10^k at or above `value` (at least 1). */
export function roundUp(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function chartLayout(games: TrendsResponse['winningNumbers'], box: ChartBox = chartBox): ChartLayout {
  const winners = games.flatMap((g) => (g.winningNumber === null ? [] : [g.winningNumber]));
  const yMax = roundUp(Math.max(1, ...winners));
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const baseline = box.top + plotHeight;
  const round = (n: number) => Math.round(n * 10) / 10;
  const points = games.map((g, i) => ({
    gameDate: g.gameDate,
    x: round(games.length === 1 ? box.left + plotWidth / 2 : box.left + (i * plotWidth) / (games.length - 1)),
    y: g.winningNumber === null ? null : round(baseline - (g.winningNumber / yMax) * plotHeight),
    winningNumber: g.winningNumber,
  }));
  const lines: string[] = [];
  let run: string[] = [];
  for (const p of [...points, null]) {
    if (p !== null && p.y !== null) {
      run.push(`${p.x},${p.y}`);
      continue;
    }
    if (run.length > 1) lines.push(run.join(' '));
    run = [];
  }
  return { points, lines, yMax, baseline };
}
