// The dependency rule of DESIGN.md §1, checked on every .ts/.tsx file: core imports nothing outside
// core; adapters import nothing of server, cli or web; web imports nothing of the others except
// `import type` from server/contract.ts. Inside web, a feature imports only the shared layers (web/components,
// web/lib, web/api), never another feature or the app shell, and the shared layers import no feature.
// Test files are exempt: they wire fakes and test tools.
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
const stripComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');

export const importsOf = (source: string): ImportRef[] => {
  const code = stripComments(source);
  const refs: ImportRef[] = [];
  const fromClause = /(?:^|[\s;}])(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(fromClause)) refs.push({ specifier: m[4] ?? '', typeOnly: m[2] !== undefined });
  for (const m of code.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) refs.push({ specifier: m[1] ?? '', typeOnly: false });
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) refs.push({ specifier: m[1] ?? '', typeOnly: false });
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

/** The rule violations of one file, given its path relative to the root (with '/' separators). */
export const violations = (file: string, source: string): string[] => {
  const layer = layerOf(file);
  const found: string[] = [];
  for (const { specifier, typeOnly } of importsOf(source)) {
    const relativeImport = specifier.startsWith('.');
    const target = relativeImport ? relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep).join('/') : null;
    const say = (why: string) => found.push(`${file}: imports '${specifier}' (${why})`);
    if (layer === 'core') {
      if (target === null) say(specifier.startsWith('node:') ? 'a node: module in core' : 'a package in core');
      else if (layerOf(target) !== 'core' || target.startsWith('..')) say('leaves core/');
    } else if (layer === 'adapters') {
      if (target !== null && ['server', 'cli', 'web'].includes(layerOf(target))) say(`adapters must not import ${layerOf(target)}/`);
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

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [];
  });

const isTestFile = (file: string): boolean => /\.test\.tsx?$/.test(file) || file.startsWith('test/');

describe('dependency rule', () => {
  it('holds for every source file', () => {
    const files = sourceFiles(ROOT).map((f) => relative(ROOT, f).split(sep).join('/'));
    expect(files.some((f) => f.startsWith('core/'))).toBe(true);
    const problems = files.filter((f) => !isTestFile(f)).flatMap((f) => violations(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(problems).toEqual([]);
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
    const source = "import { app } from '../../server/app.ts';\nimport 'better-sqlite3';\nimport type { Deps } from '../../core/deps.ts';";
    expect(violations('adapters/sqlite/store.ts', source)).toEqual(["adapters/sqlite/store.ts: imports '../../server/app.ts' (adapters must not import server/)"]);
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
    expect(violations('web/lib/share.ts', "import { ShareResultButton } from '../features/stats/components/share-result-button.tsx';")).toEqual([
      "web/lib/share.ts: imports '../features/stats/components/share-result-button.tsx' (web/lib/ is shared and must not import web/features/stats/)",
    ]);
    expect(violations('web/app/router.tsx', "import { PlayScreen } from '../features/play/play-screen.tsx';")).toEqual([]);
  });
});
