// Query keys are spelled only in api/query-keys.ts, and the prefixes that writes invalidate reach the reads they mean.
import { partialMatchKey } from '@tanstack/react-query';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminKeys, guildKeys, historyKeys, leaderboardKeys, meKeys } from './query-keys.ts';

const WEB = join(import.meta.dirname, '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sourceFiles(join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [];
  });

/** `queryKey: [...]`, `queryKey: '…'` or a template literal written in place: a key spelled outside the keys module. */
export const rawQueryKeys = (source: string): string[] =>
  [...source.matchAll(/queryKey:\s*[[`'"][^\n]*/g)].map((m) => m[0]);

describe('query keys', () => {
  it('are spelled only in web/api/query-keys.ts', () => {
    const found = sourceFiles(WEB)
      .map((file) => relative(WEB, file).split(sep).join('/'))
      .filter((file) => file !== 'api/query-keys.ts')
      .flatMap((file) => rawQueryKeys(readFileSync(join(WEB, file), 'utf8')).map((key) => `${file}: ${key}`));
    expect(found).toEqual([]);
  });

  it('finds a key written in place', () => {
    expect(rawQueryKeys("useQuery({ queryKey: ['/api/entry/mine'], queryFn })")).toEqual([
      "queryKey: ['/api/entry/mine'], queryFn })",
    ]);
    expect(rawQueryKeys('invalidateQueries({ queryKey: [`/api/history?limit=${n}`] })')).toHaveLength(1);
    expect(rawQueryKeys('useQuery({ queryKey: entryKeys.mine(), queryFn })')).toEqual([]);
  });

  it('invalidates with prefixes that reach the reads they mean, and nothing else', () => {
    expect(partialMatchKey(guildKeys.detail('g1'), guildKeys.everyGuild())).toBe(true);
    expect(partialMatchKey(guildKeys.submissions('g1'), guildKeys.everyGuild())).toBe(true);
    expect(partialMatchKey(adminKeys.submissions(2, 50), adminKeys.submissionsAll())).toBe(true);
    expect(partialMatchKey(adminKeys.status(), adminKeys.submissionsAll())).toBe(false);
    for (const key of [guildKeys.my(), guildKeys.list(), guildKeys.detail('g1')])
      expect(guildKeys.isAny(key)).toBe(true);
    expect(historyKeys.isAny(historyKeys.list(14))).toBe(true);
    expect(leaderboardKeys.isAny(leaderboardKeys.list('weekly', 10))).toBe(true);
    expect(historyKeys.isAny(leaderboardKeys.list('weekly', 10))).toBe(false);
    expect(meKeys.isMe(meKeys.me())).toBe(true);
    expect(meKeys.isMe(guildKeys.my())).toBe(false);
  });
});
