// What each leaderboard category shows: its button, the big number and its label, the empty text (spec-1 §2).
import type {
  LeaderboardKind,
  LeaderboardResponse,
  PlayerItem,
  ResultItem,
} from '../../../server/routes/leaderboard.schemas.ts';

export interface Category {
  kind: LeaderboardKind;
  label: string;
  description: string;
  /** The big number on a player row and its label. */
  value: (item: PlayerItem) => number;
  valueLabel: string;
}

export const categories: Category[] = [
  { kind: 'results', label: 'RESULTS', description: 'Latest game winners', value: () => 0, valueLabel: '' },
  { kind: 'wins', label: 'CHAMPIONS', description: 'Most games won', value: (item) => item.wins, valueLabel: 'WINS' },
  {
    kind: 'entries',
    label: 'DEDICATED',
    description: 'Most active players',
    value: (item) => item.entries,
    valueLabel: 'ENTRIES',
  },
  {
    kind: 'streak',
    label: 'HOT STREAK',
    description: 'Consecutive days played',
    value: (item) => item.currentStreak,
    valueLabel: 'DAY STREAK',
  },
  {
    kind: 'bestStreak',
    label: 'LEGENDS',
    description: 'Best consecutive days ever',
    value: (item) => item.bestStreak,
    valueLabel: 'BEST STREAK',
  },
];

export function categoryOf(kind: LeaderboardKind): Category {
  return categories.find((category) => category.kind === kind) ?? (categories[0] as Category);
}

export function emptyMessage(kind: LeaderboardKind): string {
  switch (kind) {
    case 'wins':
      return 'No winners yet - be the first to claim victory!';
    case 'entries':
      return 'No players yet - start your journey to the top!';
    case 'streak':
      return 'No active streaks - build your winning momentum!';
    case 'bestStreak':
      return 'No streaks recorded - make history with consecutive wins!';
    default:
      return 'No leaderboard data available yet';
  }
}

export function isResultItem(item: LeaderboardResponse['items'][number]): item is ResultItem {
  return 'gameId' in item;
}

export function isPlayerItem(item: LeaderboardResponse['items'][number]): item is PlayerItem {
  return 'userId' in item;
}

export const medals = ['🥇', '🥈', '🥉'] as const;

/** '🥇' … '🥉' for the top three, '#n' after. */
export function rankLabel(rank: number): string {
  return medals[rank - 1] ?? `#${rank}`;
}

/** The user's 1-based rank in a player list, or null when absent. */
export function rankOf(items: readonly PlayerItem[], userId: string | undefined): number | null {
  if (userId === undefined) return null;
  const index = items.findIndex((item) => item.userId === userId);
  return index === -1 ? null : index + 1;
}
