// Small text helpers for the human output: aligned key/value blocks and readable durations.

/** Key/value lines with the keys padded to one column. */
export const keyValues = (rows: [string, string | number | null][]): string => {
  const width = Math.max(...rows.map(([key]) => key.length)) + 2;
  return rows.map(([key, value]) => `${(key + ':').padEnd(width)}${value ?? '-'}`).join('\n');
};

/** `3h 05m`, `12m 30s`, `0s` for a span of milliseconds (negative counts as 0). */
export const duration = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
};

/** `2026-11-23 00:00 UTC`: instants in one zone for operators, whatever the machine's zone. */
export const instant = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const plural = (count: number, one: string, many = one + 's'): string => `${count} ${count === 1 ? one : many}`;

/** `1–5, 8, 10–11`: a cluster's numbers, runs of consecutive numbers joined. */
export const numberRuns = (numbers: readonly number[]): string => {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j += 1;
    runs.push(j === i ? String(sorted[i]) : `${String(sorted[i])}–${String(sorted[j])}`);
    i = j + 1;
  }
  return runs.join(', ');
};
