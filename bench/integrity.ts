// `npm run bench:integrity`: simulated months of honest players with realistic sharing, one without a syndicate and
// one per syndicate size (10, 30, 100 accounts) and evasion level (1: one device; 2: five devices and networks;
// 3: a device and network per account, sign-ups over three weeks, carpets with gaps), each driven through the real
// use cases and the real close on SQLite (integrity-sim.ts). Prints, per level and size, how many syndicate and
// honest wins the close flagged, against DESIGN.md §18's goals. `--seed N`, `--players N` (honest accounts per
// world), `--days N`, `--levels 1,3` (those levels only), `--quick` (a small world, a smoke test). Exit code 1 when a
// goal is missed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { numberRuns } from '../cli/format.ts';
import type { EvasionLevel, SyndicateSpec } from './integrity-world.ts';
import { simulateWorld, type GameResult, type Placing, type WorldResult } from './integrity-sim.ts';

export interface IntegrityBenchOptions {
  seed: number;
  players: number;
  days: number;
  sizes: number[];
  levels: EvasionLevel[];
}

export const DEFAULT_OPTIONS: IntegrityBenchOptions = {
  seed: 2026,
  players: 1_500,
  days: 30,
  sizes: [10, 30, 100],
  levels: [1, 2, 3],
};
export const QUICK_OPTIONS: IntegrityBenchOptions = {
  seed: 2026,
  players: 150,
  days: 8,
  sizes: [10],
  levels: [1, 2, 3],
};

/** DESIGN.md §18's goals: the least share of syndicate wins flagged per level, the most share of honest wins flagged. */
const SYNDICATE_GOAL: Record<EvasionLevel, number> = { 1: 0.95, 2: 0.95, 3: 0.6 };
const HONEST_GOAL = 0.01;

const LEVEL_NAMES: Record<EvasionLevel, string> = {
  1: 'one device, one network',
  2: 'five devices and networks',
  3: 'a device and network each, gaps',
};

/** The worlds of a run: one without a syndicate, then each size at each level; each world's honest month has its own seed. */
export const worldSpecs = (options: IntegrityBenchOptions): { seed: number; syndicate: SyndicateSpec | null }[] => [
  { seed: options.seed, syndicate: null },
  // Seeded by level, not by place in the list, so a level's worlds are the same whichever levels a run takes.
  ...options.levels.flatMap((level) =>
    options.sizes.map((size, s) => ({
      seed: options.seed + 1 + (level - 1) * options.sizes.length + s,
      syndicate: { size, level },
    })),
  ),
];

export async function runIntegrityBench(
  options: IntegrityBenchOptions,
  log: (line: string) => void = () => undefined,
): Promise<WorldResult[]> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'lowest-integrity-'));
  try {
    const results: WorldResult[] = [];
    for (const [i, world] of worldSpecs(options).entries()) {
      const started = performance.now();
      const file = join(dir, `world-${i}.db`);
      const result = await simulateWorld(
        { seed: world.seed, players: options.players, days: options.days, syndicate: world.syndicate },
        file,
      );
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      results.push(result);
      const closes = result.games.map((g) => g.closeMs);
      log(
        `${worldName(result)}: ${result.accounts} accounts, ${sum(result.games.map((g) => g.entries))} entries, ${seconds(performance.now() - started)} ` +
          `(closes ${seconds(sum(closes))}, the slowest ${seconds(Math.max(0, ...closes))})`,
      );
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const worldName = (r: WorldResult): string =>
  r.spec.syndicate ? `level ${r.spec.syndicate.level}, ${r.spec.syndicate.size} accounts` : 'no syndicate';

interface Tally {
  wins: number;
  flagged: number;
}

const tally = (placings: (Placing | null)[], syndicate: boolean): Tally => {
  const own = placings.filter((p): p is Placing => p !== null && p.syndicate === syndicate);
  return { wins: own.length, flagged: own.filter((p) => p.flagged).length };
};
const share = (t: Tally): number => (t.wins === 0 ? 0 : t.flagged / t.wins);
const percent = (t: Tally): string => (t.wins === 0 ? '   –  ' : `${(100 * share(t)).toFixed(1).padStart(5)}%`);
const line = (label: string, t: Tally): string =>
  `${label} ${String(t.flagged).padStart(3)}/${String(t.wins).padEnd(3)} flagged ${percent(t)}`;

const evidenceText = (p: Placing): string =>
  p.evidence
    ? `cluster of ${p.evidence.clusterSize}, ${p.evidence.accountsInGame} in the game, holding ${numberRuns(p.evidence.numbersHeld)}; ` +
      p.evidence.signals.map((s) => `${s.kind} ${s.strength} ×${s.accounts}`).join(', ')
    : '';

const winners = (games: GameResult[]): (Placing | null)[] => games.map((g) => g.winner);
const runnersUp = (games: GameResult[]): (Placing | null)[] => games.map((g) => g.runnerUp);

export interface IntegrityVerdict {
  lines: string[];
  passes: boolean;
}

/** The report: per level and size, pooled per level with its goal, honest wins over all worlds, runners-up, close times. */
export const report = (results: WorldResult[]): IntegrityVerdict => {
  const lines: string[] = [];
  let passes = true;
  const levels = [...new Set(results.flatMap((r) => (r.spec.syndicate ? [r.spec.syndicate.level] : [])))];
  lines.push('wins per world (flagged/wins):');
  for (const r of results) {
    const games = r.games;
    lines.push(
      `  ${worldName(r).padEnd(28)} ${line('syndicate', tally(winners(games), true))}   ${line('honest', tally(winners(games), false))}   ` +
        `runner-up: ${line('syndicate', tally(runnersUp(games), true))} ${line('honest', tally(runnersUp(games), false))}`,
    );
  }
  lines.push('per level (pooled over sizes):');
  for (const level of levels) {
    const games = results.filter((r) => r.spec.syndicate?.level === level).flatMap((r) => r.games);
    const wins = tally(winners(games), true);
    const ok = wins.wins > 0 && share(wins) >= SYNDICATE_GOAL[level];
    passes &&= ok;
    lines.push(
      `  level ${level} (${LEVEL_NAMES[level]}) ${line('syndicate wins', wins)}  goal ≥ ${(100 * SYNDICATE_GOAL[level]).toFixed(0)}%  ${ok ? 'PASS' : 'FAIL'}` +
        `   (${line('honest wins', tally(winners(games), false))})`,
    );
  }
  const all = results.flatMap((r) => r.games);
  const honest = tally(winners(all), false);
  const honestOk = share(honest) <= HONEST_GOAL;
  passes &&= honestOk;
  lines.push(
    `honest wins, all worlds: ${line('', honest)}  goal ≤ ${(100 * HONEST_GOAL).toFixed(0)}%  ${honestOk ? 'PASS' : 'FAIL'}`,
  );
  lines.push(
    `runners-up, all worlds: ${line('syndicate', tally(runnersUp(all), true))}   ${line('honest', tally(runnersUp(all), false))}`,
  );
  const falseFlags = results.flatMap((r) =>
    r.games.flatMap((g) =>
      [g.winner, g.runnerUp].flatMap((p, i) =>
        p?.flagged && !p.syndicate
          ? [`  ${worldName(r)}, ${g.date}: ${i === 0 ? 'winner' : 'runner-up'} ${evidenceText(p)}`]
          : [],
      ),
    ),
  );
  if (falseFlags.length > 0) lines.push('honest players flagged:', ...falseFlags);
  const closes = all.map((g) => g.closeMs).sort((a, b) => a - b);
  lines.push(
    `closes: ${closes.length} games of ${Math.round(sum(all.map((g) => g.entries)) / Math.max(1, all.length))} entries on average, ` +
      `median ${(closes[Math.floor(closes.length / 2)] ?? 0).toFixed(0)} ms, max ${(closes[closes.length - 1] ?? 0).toFixed(0)} ms, total ${seconds(sum(closes))}`,
  );
  return { lines, passes };
};

const optionValue = (args: string[], name: string): number | null => {
  const at = args.indexOf(name);
  if (at < 0) return null;
  const value = Number(args[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
};

/** `--levels 3` or `--levels 1,3`: only those evasion levels' worlds (and the world without a syndicate). */
const levelsOption = (args: string[]): EvasionLevel[] | null => {
  const at = args.indexOf('--levels');
  if (at < 0) return null;
  const levels = (args[at + 1] ?? '').split(',').map(Number);
  if (levels.length === 0 || !levels.every((l): l is EvasionLevel => l === 1 || l === 2 || l === 3))
    throw new Error('--levels must be a list of 1, 2 and 3, such as 3 or 1,3');
  return levels;
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const base = args.includes('--quick') ? QUICK_OPTIONS : DEFAULT_OPTIONS;
  const options: IntegrityBenchOptions = {
    ...base,
    seed: optionValue(args, '--seed') ?? base.seed,
    players: optionValue(args, '--players') ?? base.players,
    days: optionValue(args, '--days') ?? base.days,
    levels: levelsOption(args) ?? base.levels,
  };
  console.log(
    `integrity bench: seed ${options.seed}, ${options.players} honest accounts per world, ${options.days} days, ` +
      `syndicates of ${options.sizes.join(', ')} at levels ${options.levels.join(', ')}`,
  );
  const started = performance.now();
  const results = await runIntegrityBench(options, (l) => console.log(l));
  const verdict = report(results);
  for (const l of verdict.lines) console.log(l);
  console.log(`total ${seconds(performance.now() - started)}`);
  if (!verdict.passes) process.exitCode = 1;
}
