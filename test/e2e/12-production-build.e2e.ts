// The served web app is React's production build, although this run built it under vitest (NODE_ENV=test): every
// script the app can load, lazy screens included, is free of React's development code.
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser.ts';

/** Strings only React's development build carries: the DevTools console hint and the list-key warning. */
const DEVELOPMENT_REACT = ['Download the React DevTools', 'Each child in a list should have a unique'];

async function text(path: string): Promise<string> {
  const response = await fetch(new URL(path, baseUrl()));
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Every /assets/*.js the page names, and every one those scripts name in turn (the screens loaded on demand). */
async function servedScripts(): Promise<Map<string, string>> {
  const scriptsIn = (source: string): string[] => [...source.matchAll(/assets\/[\w.-]+\.js\b/g)].map((m) => `/${m[0]}`);
  const scripts = new Map<string, string>();
  const waiting = scriptsIn(await text('/'));
  for (let path = waiting.pop(); path !== undefined; path = waiting.pop()) {
    if (scripts.has(path)) continue;
    const source = await text(path);
    scripts.set(path, source);
    waiting.push(...scriptsIn(source));
  }
  return scripts;
}

describe('the served build', () => {
  it('is a production build: no development React in any script, and its marker says production', async () => {
    const scripts = await servedScripts();
    expect(scripts.size).toBeGreaterThan(5);
    expect([...scripts.values()].some((source) => source.includes('createRoot'))).toBe(true);
    const development = [...scripts]
      .filter(([, source]) => DEVELOPMENT_REACT.some((marker) => source.includes(marker)))
      .map(([path]) => path);
    expect(development).toEqual([]);
    expect(JSON.parse(await text('/build.json'))).toEqual({ nodeEnv: 'production' });
  });
});
