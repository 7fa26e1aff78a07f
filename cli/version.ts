// The version `lowest --version` prints: package.json's, read beside the sources the bin runs.
import { readFileSync } from 'node:fs';

export const packageVersion = (): string => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
};
