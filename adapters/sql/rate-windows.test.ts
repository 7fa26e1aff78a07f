// The shared windows' statements on SQLite (server/security/rate-limit.test.ts runs them on PostgreSQL).
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../sqlite/store.ts';
import { sqlRateWindows } from './rate-windows.ts';

describe('sqlRateWindows [sqlite]', async () => {
  const store = await createSqliteStore(':memory:');
  afterAll(() => store.close());
  const windows = sqlRateWindows(store.db);
  const at = (key: string, windowStart: string, expiresAt: string) => ({ key, windowStart, expiresAt });
  const minute = (key: string) => at(key, '2026-02-01T00:00:00.000Z', '2026-02-01T00:01:00.000Z');

  it('counts repeated keys in one statement in the order given, and the newer window wins', async () => {
    expect(await windows.hitAll([minute('a'), minute('a'), minute('b'), minute('a')])).toEqual([1, 2, 1, 3]);
    expect(await windows.hitAll([minute('b'), minute('a')])).toEqual([2, 4]);
    const next = at('a', '2026-02-01T00:01:00.000Z', '2026-02-01T00:02:00.000Z');
    expect(await windows.hitAll([next, minute('a')])).toEqual([1, 2]);
    expect(await windows.countAll([minute('a'), minute('b'), minute('c')])).toEqual([2, 2, 0]);
    expect(await windows.countAll([{ key: 'b', windowStart: '2026-02-01T00:01:00.000Z' }])).toEqual([0]);
  });

  it('sweeps the windows that ended', async () => {
    expect(await windows.sweep('2026-02-01T00:01:30.000Z')).toBe(1);
    expect(await windows.countAll([minute('a'), minute('b')])).toEqual([2, 0]);
  });
});
