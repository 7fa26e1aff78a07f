import { describe, expect, it } from 'vitest';
import { chooseStatsDate, type StatsRequest } from './stats-dates.ts';

const items = [
  { gameDate: '2026-11-22', status: 'open' as const },
  { gameDate: '2026-11-20', status: 'closed' as const },
  { gameDate: '2026-11-21', status: 'closed' as const },
  { gameDate: '2026-11-21-2', status: 'closed' as const },
  { gameDate: '2026-11-19', status: 'closed' as const },
];

const newest: StatsRequest = { kind: 'newest' };

describe('statistics date choice', () => {
  it('lists only closed games, newest first, a numbered game after its regular one', () => {
    expect(chooseStatsDate(items, newest).dates).toEqual(['2026-11-21-2', '2026-11-21', '2026-11-20', '2026-11-19']);
  });

  it('defaults to the most recent closed game, with no NEXT', () => {
    expect(chooseStatsDate(items, newest)).toMatchObject({
      selected: '2026-11-21-2',
      previous: '2026-11-21',
      next: null,
      mostRecent: '2026-11-21-2',
    });
  });

  it('falls back to the most recent for an unknown or open date', () => {
    expect(chooseStatsDate(items, { kind: 'date', date: '1999-01-01' }).selected).toBe('2026-11-21-2');
    expect(chooseStatsDate(items, { kind: 'date', date: '2026-11-22' }).selected).toBe('2026-11-21-2');
  });

  it('moves between neighbours', () => {
    expect(chooseStatsDate(items, { kind: 'date', date: '2026-11-20' })).toMatchObject({
      selected: '2026-11-20',
      previous: '2026-11-19',
      next: '2026-11-21',
    });
    expect(chooseStatsDate(items, { kind: 'date', date: '2026-11-19' })).toMatchObject({
      previous: null,
      next: '2026-11-20',
    });
  });

  it('has nothing to show without closed games', () => {
    expect(chooseStatsDate([{ gameDate: '2026-11-22', status: 'open' }], newest)).toMatchObject({
      dates: [],
      selected: null,
      previous: null,
      next: null,
    });
  });

  it('keeps a permalink on its own game: closed, open, beyond the list or unknown', () => {
    expect(chooseStatsDate(items, { kind: 'permalink', gameKey: '2026-11-20' })).toMatchObject({
      selected: '2026-11-20',
      open: false,
      previous: '2026-11-19',
    });
    expect(chooseStatsDate(items, { kind: 'permalink', gameKey: '2026-11-22' })).toMatchObject({
      selected: '2026-11-22',
      open: true,
      previous: null,
      next: null,
    });
    expect(chooseStatsDate(items, { kind: 'permalink', gameKey: '2026-13-99' })).toMatchObject({
      selected: '2026-13-99',
      open: false,
      previous: null,
      next: null,
    });
  });
});
