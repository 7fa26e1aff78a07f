// The dependency rule of DESIGN.md §1, checked on every .ts/.tsx file: core imports nothing outside
// core; adapters import nothing of server, cli or web; server imports nothing of cli or web, and cli nothing of
// web; web imports nothing of the others except `import type` from server/contract.ts. Inside web, a feature
// imports only the shared layers (web/components, web/lib, web/api), never another feature or the app shell, and
// the shared layers import no feature. Test files are exempt: they wire fakes and test tools.
// And no import cycle inside core/, type-only imports included: a cycle ties its modules into one.
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.git']);
const CONTRACT = 'server/contract.ts';

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

/** Removes comments so commented-out imports do not count (a `//` inside a string after ':' is kept). */
const stripComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');

export const importsOf = (source: string): ImportRef[] => {
  const code = stripComments(source);
  const refs: ImportRef[] = [];
  const fromClause = /(?:^|[\s;}])(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(fromClause)) refs.push({ specifier: m[4] ?? '', typeOnly: m[2] !== undefined });
  for (const m of code.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g))
    refs.push({ specifier: m[1] ?? '', typeOnly: false });
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    refs.push({ specifier: m[1] ?? '', typeOnly: false });
  return refs;
};

const layerOf = (path: string): string => path.split('/')[0] ?? '';

const WEB_SHARED = ['components', 'lib', 'api'];

/** 'features/play' for web/features/play/…, 'lib' for web/lib/…, 'app' for web/app/…; '' outside web. */
const webPartOf = (path: string): string => {
  const [top, part, name] = path.split('/');
  if (top !== 'web' || part === undefined) return '';
  return part === 'features' ? `features/${name ?? ''}` : part;
};

/** The file a relative import names, relative to the root with '/' separators; null for a package. */
const targetOf = (file: string, specifier: string): string | null =>
  specifier.startsWith('.')
    ? relative(ROOT, resolve(ROOT, dirname(file), specifier))
        .split(sep)
        .join('/')
    : null;

/** What each layer outside core, adapters and web must not import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  adapters: ['server', 'cli', 'web'],
  server: ['cli', 'web'],
  cli: ['web'],
};

/** The rule violations of one file, given its path relative to the root (with '/' separators). */
export const violations = (file: string, source: string): string[] => {
  const layer = layerOf(file);
  const found: string[] = [];
  for (const { specifier, typeOnly } of importsOf(source)) {
    const target = targetOf(file, specifier);
    const say = (why: string) => found.push(`${file}: imports '${specifier}' (${why})`);
    if (layer === 'core') {
      if (target === null) say(specifier.startsWith('node:') ? 'a node: module in core' : 'a package in core');
      else if (layerOf(target) !== 'core' || target.startsWith('..')) say('leaves core/');
    } else if (layer in FORBIDDEN) {
      if (target !== null && FORBIDDEN[layer]?.includes(layerOf(target)))
        say(`${layer} must not import ${layerOf(target)}/`);
    } else if (layer === 'web') {
      if (target !== null && ['core', 'adapters', 'server', 'cli'].includes(layerOf(target))) {
        if (!(target === CONTRACT && typeOnly)) say(`web may only \`import type\` from ${CONTRACT}`);
      }
      const from = webPartOf(file);
      const to = target === null ? '' : webPartOf(target);
      if (from.startsWith('features/') && to !== from && (to.startsWith('features/') || to === 'app')) {
        say(`a feature imports only web/${WEB_SHARED.join(', web/')}, not web/${to}/`);
      } else if (WEB_SHARED.includes(from) && (to.startsWith('features/') || to === 'app')) {
        say(`web/${from}/ is shared and must not import web/${to}/`);
      }
    }
  }
  return found;
};

/**
 * The import cycles of a graph (file → the files it imports): its strongly connected components of more than one
 * file, and files that import themselves, each listed in sorted order (Tarjan's algorithm).
 */
export const importCycles = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top === undefined) break;
      onStack.delete(top);
      component.push(top);
    } while (top !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
};

/** The import graph of the given files: every import, type-only ones included, of a file among them. */
export const importGraph = (sources: ReadonlyMap<string, string>): Map<string, string[]> =>
  new Map(
    [...sources].map(([file, source]) => [
      file,
      importsOf(source)
        .map(({ specifier }) => targetOf(file, specifier))
        .filter((target): target is string => target !== null && sources.has(target)),
    ]),
  );

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [];
  });

const isTestFile = (file: string): boolean => /\.test\.tsx?$/.test(file) || file.startsWith('test/');

describe('dependency rule', () => {
  it('holds for every source file', () => {
    const files = sourceFiles(ROOT).map((f) => relative(ROOT, f).split(sep).join('/'));
    expect(files.some((f) => f.startsWith('core/'))).toBe(true);
    const problems = files
      .filter((f) => !isTestFile(f))
      .flatMap((f) => violations(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('finds no import cycle in core/, type-only imports included', () => {
    const core = sourceFiles(join(ROOT, 'core')).map((f) => relative(ROOT, f).split(sep).join('/'));
    const graph = importGraph(new Map(core.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')])));
    expect(graph.get('core/ports.ts')?.length).toBeGreaterThan(5);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle of type-only imports, a longer one and a file importing itself, and nothing in a tree', () => {
    const sources = new Map([
      ['core/ports.ts', "import type { FairnessRepository } from './fairness/ports.ts';"],
      ['core/fairness/ports.ts', "import type { TreeNode } from './tree-v2.ts';"],
      [
        'core/fairness/tree-v2.ts',
        "import type { Digest } from '../ports.ts';\nimport { entryLeaf } from './hashes.ts';",
      ],
      ['core/fairness/hashes.ts', "import type { GameKey } from '../model.ts';"],
      ['core/model.ts', ''],
      ['core/game/a.ts', "import { b } from './b.ts';"],
      ['core/game/b.ts', "export { c } from './c.ts';"],
      ['core/game/c.ts', "const a = () => import('./a.ts');"],
      ['core/game/self.ts', "import { self } from './self.ts';"],
    ]);
    expect(importCycles(importGraph(sources))).toEqual([
      ['core/fairness/ports.ts', 'core/fairness/tree-v2.ts', 'core/ports.ts'],
      ['core/game/a.ts', 'core/game/b.ts', 'core/game/c.ts'],
      ['core/game/self.ts'],
    ]);
    sources.set('core/fairness/tree-v2.ts', "import { entryLeaf } from './hashes.ts';");
    sources.delete('core/game/c.ts');
    sources.delete('core/game/self.ts');
    expect(importCycles(importGraph(sources))).toEqual([]);
  });

  it('catches bad imports in core', () => {
    const source = [
      "import { Hono } from 'hono';",
      "import { readFileSync } from 'node:fs';",
      "import type { ApiError } from '../../server/contract.ts';",
      "import { x } from './ok.ts';",
      "import { y } from '../model.ts';",
      "export { z } from '../../adapters/memory/store.ts';",
      "const lazy = () => import('kysely');",
      "// import { commented } from 'out';",
    ].join('\n');
    expect(violations('core/game/example.ts', source)).toEqual([
      "core/game/example.ts: imports 'hono' (a package in core)",
      "core/game/example.ts: imports 'node:fs' (a node: module in core)",
      "core/game/example.ts: imports '../../server/contract.ts' (leaves core/)",
      "core/game/example.ts: imports '../../adapters/memory/store.ts' (leaves core/)",
      "core/game/example.ts: imports 'kysely' (a package in core)",
    ]);
  });

  it('catches adapters importing server, cli or web', () => {
    const source =
      "import { app } from '../../server/app.ts';\nimport 'better-sqlite3';\nimport type { Deps } from '../../core/deps.ts';";
    expect(violations('adapters/sqlite/store.ts', source)).toEqual([
      "adapters/sqlite/store.ts: imports '../../server/app.ts' (adapters must not import server/)",
    ]);
  });

  it('lets cli import core, adapters and server but not web, and server not cli or web', () => {
    const source = [
      "import { closeGame } from '../../core/game/close.ts';",
      "import { SqliteStore } from '../../adapters/sqlite/store.ts';",
      "import { composeApp } from '../../server/composition-root.ts';",
      "import { money } from '../../web/lib/money.ts';",
      "import { z } from '@hono/zod-openapi';",
    ].join('\n');
    expect(violations('cli/commands/close.ts', source)).toEqual([
      "cli/commands/close.ts: imports '../../web/lib/money.ts' (cli must not import web/)",
    ]);
    expect(
      violations(
        'server/routes/games.ts',
        "import { run } from '../../cli/run.ts';\nimport { closeGame } from '../../core/game/close.ts';",
      ),
    ).toEqual(["server/routes/games.ts: imports '../../cli/run.ts' (server must not import cli/)"]);
  });

  it('lets web import only types from the HTTP contract', () => {
    const source = [
      "import type { MeResponse } from '../../../server/contract.ts';",
      "import { type GuildDto } from '../../../server/contract.ts';",
      "import {\n  submitEntry,\n} from '../../../core/entries/submit-entry.ts';",
      "import React from 'react';",
    ].join('\n');
    expect(violations('web/features/guilds/api.ts', source)).toEqual([
      "web/features/guilds/api.ts: imports '../../../server/contract.ts' (web may only `import type` from server/contract.ts)",
      "web/features/guilds/api.ts: imports '../../../core/entries/submit-entry.ts' (web may only `import type` from server/contract.ts)",
    ]);
  });

  it('keeps web features apart: each imports only the shared layers', () => {
    const source = [
      "import { useMe } from '../../../api/me.ts';",
      "import { money } from '../../../lib/money.ts';",
      "import { Button } from '../../../components/ui/button.tsx';",
      "import { EntriesCard } from '../components/entries-card.tsx';",
      "import { RootBadge } from '../../verify/components/root-badge.tsx';",
      "import { AppRoutes } from '../../../app/router.tsx';",
    ].join('\n');
    expect(violations('web/features/stats/components/chart.tsx', source)).toEqual([
      "web/features/stats/components/chart.tsx: imports '../../verify/components/root-badge.tsx' (a feature imports only web/components, web/lib, web/api, not web/features/verify/)",
      "web/features/stats/components/chart.tsx: imports '../../../app/router.tsx' (a feature imports only web/components, web/lib, web/api, not web/app/)",
    ]);
    expect(
      violations(
        'web/lib/share.ts',
        "import { ShareResultButton } from '../features/stats/components/share-result-button.tsx';",
      ),
    ).toEqual([
      "web/lib/share.ts: imports '../features/stats/components/share-result-button.tsx' (web/lib/ is shared and must not import web/features/stats/)",
    ]);
    expect(violations('web/app/router.tsx', "import { PlayScreen } from '../features/play/play-screen.tsx';")).toEqual(
      [],
    );
  });
});
