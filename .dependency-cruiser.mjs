// The dependency rules of DESIGN.md §1, checked by `npm run lint` (depcruise) over the whole tree. Type-only imports
// count (tsPreCompilationDeps), so a cycle of types ties its modules together as surely as one of values. Test files
// may wire adapters and fakes into any layer; every other rule and the cycle rule hold for them too.

/** Test files: exempt from the layer rules (they wire fakes and test tools), not from the cycle rule. */
const TESTS = '(\\.test\\.tsx?$|^test/)';

/** The composition root: the one part of server/ that knows which adapter serves which port. */
const COMPOSITION_ROOT = '^server/(composition-root\\.ts|open-store\\.ts|container/)';

/**
 * The HTTP contract, the one thing server and web share: each resource's schemas beside its routes
 * (`server/routes/<resource>.schemas.ts`) and the shared ones (`server/routes/shared.schemas.ts`).
 */
const HTTP_CONTRACT = '^server/routes/[a-z-]+\\.schemas\\.ts$';

/**
 * The pure rule modules of core the web app runs as they are, so a form checks with the server's own code:
 * field rules (`*-fields.ts`) and the mail-text module one of them takes its control-character test from.
 */
const CORE_FOR_WEB = '^core/([^/]+/[^/]+-fields|mail/mail-text)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle, type-only imports and lazy import() included, ties its modules into one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stays-inside',
      comment: 'core/ imports nothing outside core/: no package, no node: module, no other layer.',
      severity: 'error',
      from: { path: '^core/', pathNot: TESTS },
      to: { pathNot: '^core/' },
    },
    {
      name: 'adapters-serve-core',
      comment: 'adapters/ import nothing of server/, cli/ or web/.',
      severity: 'error',
      from: { path: '^adapters/', pathNot: TESTS },
      to: { path: '^(server|cli|web)/' },
    },
    {
      name: 'server-meets-adapters-at-the-root',
      comment:
        'server/ imports nothing of cli/ or web/, and adapters/ only in the composition root; elsewhere it speaks ports.',
      severity: 'error',
      from: { path: '^server/', pathNot: [TESTS, COMPOSITION_ROOT] },
      to: { path: '^(adapters|cli|web)/' },
    },
    {
      name: 'composition-root-stays-in-its-layer',
      comment: 'The composition root may import adapters/, never cli/ or web/.',
      severity: 'error',
      from: { path: COMPOSITION_ROOT },
      to: { path: '^(cli|web)/' },
    },
    {
      name: 'cli-not-web',
      comment: 'cli/ imports nothing of web/.',
      severity: 'error',
      from: { path: '^cli/', pathNot: TESTS },
      to: { path: '^web/' },
    },
    {
      name: 'web-shares-only-the-contract-types',
      comment:
        'The HTTP contract is the one thing server and web share: web/ imports types from server/routes/*.schemas.ts and nothing else of server/, adapters/ or cli/.',
      severity: 'error',
      from: { path: '^web/', pathNot: TESTS },
      to: { path: '^(server|adapters|cli)/', pathNot: HTTP_CONTRACT },
    },
    {
      name: 'web-takes-contract-types-only',
      comment: 'What web/ imports from the schema modules is types: the bundle carries no server code.',
      severity: 'error',
      from: { path: '^web/', pathNot: TESTS },
      to: { path: HTTP_CONTRACT, dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'web-runs-only-pure-core-rules',
      comment: "Of core/, web/ imports only the pure rule modules, so a form checks with the server's own code.",
      severity: 'error',
      from: { path: '^web/', pathNot: TESTS },
      to: { path: '^core/', pathNot: CORE_FOR_WEB },
    },
    {
      name: 'pure-core-rules-stand-alone',
      comment: 'The rule modules web/ runs import nothing but each other: nothing else of core enters the bundle.',
      severity: 'error',
      from: { path: CORE_FOR_WEB },
      to: { pathNot: CORE_FOR_WEB },
    },
    {
      name: 'web-features-stay-apart',
      comment:
        'A web feature imports only the shared layers (web/components, web/lib, web/api), never another feature.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^web/(features|app)/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'web-shared-layers-import-no-feature',
      comment: 'web/components, web/lib and web/api are shared: they import no feature and not the app shell.',
      severity: 'error',
      from: { path: '^web/(components|lib|api)/', pathNot: TESTS },
      to: { path: '^web/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
