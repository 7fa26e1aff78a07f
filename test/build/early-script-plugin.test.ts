// The early script's place in index.html: first among the scripts, async, and refused if it would import a chunk.
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { earlyScript, screenFiles } from '../../scripts/early-script-plugin.ts';
import { SCREEN_FILES_ID } from '../../web/app/screen-preload.ts';

const html =
  '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>';

const chunk = (name: string, fileName: string, imports: string[] = []) =>
  ({ type: 'chunk', isEntry: true, name, fileName, imports }) as unknown as Rolldown.OutputChunk;

/** A chunk the app imports on demand (`module`: the file it stands for) or statically. */
const lazyChunk = (fileName: string, imports: string[], module: string | null, css: string[] = []) =>
  ({
    type: 'chunk',
    isEntry: false,
    isDynamicEntry: module !== null,
    facadeModuleId: module,
    name: fileName,
    fileName,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  }) as unknown as Rolldown.OutputChunk;

/** An app whose entry imports the JSX runtime; the verify screen imports it too, and two chunks of its own. */
const app = (): Record<string, Rolldown.OutputChunk> => ({
  index: chunk('index', 'assets/index-1.js', ['assets/jsx-4.js']),
  early: chunk('early-requests', 'assets/early-requests-2.js'),
  jsx: lazyChunk('assets/jsx-4.js', [], null),
  verify: lazyChunk(
    'assets/verify-screen-5.js',
    ['assets/jsx-4.js', 'assets/history-6.js'],
    '/app/web/features/verify/verify-screen.tsx',
    ['assets/verify-screen-8.css'],
  ),
  history: lazyChunk('assets/history-6.js', ['assets/jsx-4.js', 'assets/link-7.js'], null),
  link: lazyChunk('assets/link-7.js', [], null, ['assets/link-9.css']),
  worker: lazyChunk('assets/audit-worker-10.js', [], '/app/web/features/verify/audit-worker.ts'),
  about: lazyChunk('assets/about-screen-11.js', ['assets/jsx-4.js'], '/app/web/features/info/about-screen.tsx'),
});

function transform(bundle: Record<string, Rolldown.OutputChunk>): unknown {
  const hook = earlyScript('early-requests').transformIndexHtml;
  if (typeof hook !== 'object' || hook === null || !('handler' in hook))
    throw new Error('expected an ordered transformIndexHtml hook');
  const context = { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext;
  return (hook.handler as IndexHtmlTransformHook).call({} as never, html, context);
}

describe('earlyScript', () => {
  it('puts the early entry before the app’s script, async', () => {
    const out = transform({
      a: chunk('index', 'assets/index-1.js'),
      b: chunk('early-requests', 'assets/early-requests-2.js'),
    });
    expect(typeof out).toBe('string');
    const text = String(out);
    const early = text.indexOf('<script type="module" async crossorigin src="/assets/early-requests-2.js"></script>');
    expect(early).toBeGreaterThan(text.indexOf('<title>'));
    expect(early).toBeLessThan(text.indexOf('/assets/index-1.js'));
  });

  it('fails the build when the entry is missing or imports a shared chunk', () => {
    expect(() => transform({ a: chunk('index', 'assets/index-1.js') })).toThrow("no entry named 'early-requests'");
    expect(() =>
      transform({ b: chunk('early-requests', 'assets/early-requests-2.js', ['assets/api-client-3.js']) }),
    ).toThrow('must import nothing');
  });

  it('lists before it, for each lazy screen under its name, the files it needs that the app’s entry does not load', () => {
    expect(screenFiles(app(), 'index')).toEqual({
      verify: [
        'assets/verify-screen-5.js',
        'assets/history-6.js',
        'assets/link-7.js',
        'assets/verify-screen-8.css',
        'assets/link-9.css',
      ],
      about: ['assets/about-screen-11.js'],
    });
    const text = String(transform(app()));
    const list = text.indexOf(`<script type="application/json" id="${SCREEN_FILES_ID}">`);
    expect(list).toBeGreaterThan(text.indexOf('<title>'));
    expect(list).toBeLessThan(text.indexOf('/assets/early-requests-2.js'));
    const json = text.slice(text.indexOf('>', list) + 1, text.indexOf('</script>', list));
    expect(JSON.parse(json)).toEqual(screenFiles(app(), 'index'));
  });

  it('keeps the list from closing its element, whatever a file is called', () => {
    const bundle = {
      ...app(),
      about: lazyChunk('assets/</script><script>alert(1)</script>.js', [], '/app/web/features/info/about-screen.tsx'),
    };
    const text = String(transform(bundle));
    expect(text).not.toContain('</script><script>alert(1)');
    expect(text.match(/<script/g)).toHaveLength(3);
  });
});
