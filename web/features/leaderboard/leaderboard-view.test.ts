import { describe, expect, it } from 'vitest';
import type { PlayerItem } from '../../../server/routes/leaderboard.schemas.ts';
import { categoryOf, emptyMessage, rankLabel, rankOf } from './leaderboard-view.ts';

const player = (userId: string): PlayerItem => ({
  userId,
  playerName: userId,
  wins: 3,
  entries: 9,
  currentStreak: 2,
  bestStreak: 5,
  lastPlayedAt: null,
});

describe('leaderboard view', () => {
  it('names the categories and their numbers', () => {
    expect(categoryOf('wins').label).toBe('CHAMPIONS');
    expect(categoryOf('entries').value(player('a'))).toBe(9);
    expect(categoryOf('streak').label).toBe('HOT STREAK');
    expect(categoryOf('bestStreak')).toMatchObject({ label: 'LEGENDS', valueLabel: 'BEST STREAK' });
    expect(categoryOf('bestStreak').value(player('a'))).toBe(5);
    expect(categoryOf('results').label).toBe('RESULTS');
  });

  it('has the spec empty texts', () => {
    expect(emptyMessage('wins')).toBe('No winners yet - be the first to claim victory!');
    expect(emptyMessage('entries')).toBe('No players yet - start your journey to the top!');
    expect(emptyMessage('streak')).toBe('No active streaks - build your winning momentum!');
    expect(emptyMessage('bestStreak')).toBe('No streaks recorded - make history with consecutive wins!');
    expect(emptyMessage('results')).toBe('No leaderboard data available yet');
  });

  it('gives medals to the top three', () => {
    expect([1, 2, 3, 4].map(rankLabel)).toEqual(['🥇', '🥈', '🥉', '#4']);
  });

  it('finds the user rank', () => {
    const items = [player('a'), player('b'), player('c')];
    expect(rankOf(items, 'c')).toBe(3);
    expect(rankOf(items, 'z')).toBeNull();
    expect(rankOf(items, undefined)).toBeNull();
  });
});
