// The early script's place in index.html: first among the scripts, async, and refused if it would import a chunk.
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { earlyScript } from '../../scripts/early-script-plugin.ts';

const html = '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>';

const chunk = (name: string, fileName: string, imports: string[] = []) => ({ type: 'chunk', isEntry: true, name, fileName, imports }) as unknown as Rolldown.OutputChunk;

function transform(bundle: Record<string, Rolldown.OutputChunk>): unknown {
  const hook = earlyScript('early-requests').transformIndexHtml;
  if (typeof hook !== 'object' || hook === null || !('handler' in hook)) throw new Error('expected an ordered transformIndexHtml hook');
  const context = { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext;
  return (hook.handler as IndexHtmlTransformHook).call({} as never, html, context);
}

describe('earlyScript', () => {
  it('puts the early entry before the app’s script, async', () => {
    const out = transform({ a: chunk('index', 'assets/index-1.js'), b: chunk('early-requests', 'assets/early-requests-2.js') });
    expect(typeof out).toBe('string');
    const text = String(out);
    const early = text.indexOf('<script type="module" async crossorigin src="/assets/early-requests-2.js"></script>');
    expect(early).toBeGreaterThan(text.indexOf('<title>'));
    expect(early).toBeLessThan(text.indexOf('/assets/index-1.js'));
  });

  it('fails the build when the entry is missing or imports a shared chunk', () => {
    expect(() => transform({ a: chunk('index', 'assets/index-1.js') })).toThrow("no entry named 'early-requests'");
    expect(() => transform({ b: chunk('early-requests', 'assets/early-requests-2.js', ['assets/api-client-3.js']) })).toThrow('must import nothing');
  });
});
