// The router with remembered matches (memo-router.ts) answers exactly as Hono's own.
import { describe, expect, it } from 'vitest';
import { TrieRouter } from 'hono/router/trie-router';
import { MemoRouter } from './memo-router.ts';

const routes: [method: string, path: string, handler: string][] = [
  ['ALL', '*', 'log'],
  ['ALL', '/api/*', 'jsonOnly'],
  ['GET', '/api/results/today', 'today'],
  ['GET', '/api/results/:date', 'byDate'],
  ['POST', '/api/entry', 'submit'],
  ['GET', '/api/entry/mine', 'mine'],
];

const both = () => {
  const memo = new MemoRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of routes) {
    memo.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { memo, trie };
};

describe('MemoRouter', () => {
  it('matches as Hono’s router does, parameters included, and remembers a path’s match', () => {
    const { memo, trie } = both();
    for (const [method, path] of [
      ['GET', '/api/results/today'],
      ['GET', '/api/results/2026-11-20'],
      ['GET', '/api/results/2026-11-21'],
      ['POST', '/api/entry'],
      ['GET', '/api/entry'],
      ['GET', '/elsewhere'],
    ] as const) {
      const first = memo.match(method, path);
      expect(first).toEqual(trie.match(method, path));
      expect(memo.match(method, path)).toBe(first);
    }
  });

  it('matches a long path every time without remembering it', () => {
    const { memo, trie } = both();
    const path = `/api/results/${'x'.repeat(300)}`;
    const first = memo.match('GET', path);
    expect(first).toEqual(trie.match('GET', path));
    expect(memo.match('GET', path)).not.toBe(first);
  });
});
