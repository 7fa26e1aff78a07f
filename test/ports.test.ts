// A use case reaches only the repositories its signature names (core/ports.ts, StoreOf; core/deps.ts, Deps<K>):
// small programs that use core's real types are compiled with the project's settings, and the compiler must refuse
// the ones that reach past what they name.
import { describe, it, expect } from 'vitest';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The compiler's errors in each of the given programs (name → source), placed in test/ so they import core. */
const compile = (programs: Record<string, string>): Record<string, string[]> => {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const files = new Map(Object.entries(programs).map(([name, source]) => [join(ROOT, 'test', `${name}.ts`), source]));
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const source = files.get(file);
    return source === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, source, language);
  };
  const program = ts.createProgram([...files.keys()], config.options, host);
  const errors: Record<string, string[]> = {};
  for (const [name] of Object.entries(programs)) {
    const file = program.getSourceFile(join(ROOT, 'test', `${name}.ts`));
    if (!file) throw new Error(`${name} is not in the program`);
    errors[name] = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map(
      (d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0] ?? ''}`,
    );
  }
  return errors;
};

const header = `
import type { Deps } from '../core/deps.ts';
import type { RepositoriesOf } from '../core/ports.ts';
import { myProfile } from '../core/accounts/profile.ts';
`;

describe('a use case names the repositories it uses', () => {
  it('reaches a repository it names, and the compiler refuses one it does not name', () => {
    const errors = compile({
      'ports-named': `${header}
export const player = (deps: Deps<'users'>, id: string) => deps.store.read((repos) => repos.users.byId(id));
export const inUnit = (repos: RepositoriesOf<'users'>, id: string) => repos.users.byId(id);
export const profile = (deps: Deps<'users' | 'games'>) => myProfile(deps, 'u');
export const root = (deps: Deps) => deps.store.close();
`,
      'ports-unit-unnamed': `${header}
export const player = (deps: Deps<'games'>, id: string) => deps.store.write((repos) => repos.users.byId(id));
`,
      'ports-helper-unnamed': `${header}
export const inUnit = (repos: RepositoriesOf<'games'>, id: string) => repos.users.byId(id);
`,
      'ports-callee-wider': `${header}
export const profile = (deps: Deps<'games'>) => myProfile(deps, 'u');
`,
      'ports-view-closes': `${header}
export const close = (deps: Deps<'users'>) => deps.store.close();
`,
    });
    expect(errors).toEqual({
      'ports-named': [],
      'ports-unit-unnamed': [`TS2339: Property 'users' does not exist on type 'RepositoriesOf<"games">'.`],
      'ports-helper-unnamed': [`TS2339: Property 'users' does not exist on type 'RepositoriesOf<"games">'.`],
      'ports-callee-wider': [
        `TS2345: Argument of type 'Deps<"games">' is not assignable to parameter of type 'Deps<"users">'.`,
      ],
      'ports-view-closes': [`TS2339: Property 'close' does not exist on type 'StoreOf<"users">'.`],
    });
  }, 120_000);
});
