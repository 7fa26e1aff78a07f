// The version `lowest --version` prints: the project's package.json, the nearest one above this module (cli/ in the
// sources, dist/server or its chunks/ when compiled).
import { existsSync, readFileSync } from 'node:fs';

export const packageVersion = (): string => {
  for (const relative of ['../package.json', '../../package.json', '../../../package.json']) {
    const file = new URL(relative, import.meta.url);
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
    if (pkg.name !== 'lowest-unique') continue;
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  }
  return 'unknown';
};
