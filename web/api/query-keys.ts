// Every query key of the app, one object per feature. Reads and the writes that reload them call the same
// functions, so no key is spelled twice. A key starts with the API path it reads: lib/query-client.ts's default
// fetch and the early requests (app/early-requests.ts) rely on it.
import type { QueryKey } from '@tanstack/react-query';

const startsWithPath = (queryKey: QueryKey, path: string): boolean =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith(path);

export const meKeys = {
  me: () => ['/api/me'] as const,
  isMe: (queryKey: QueryKey): boolean => queryKey.length === 1 && queryKey[0] === '/api/me',
};

export const gameKeys = {
  today: () => ['/api/game/today'] as const,
};

export const entryKeys = {
  mine: () => ['/api/entry/mine'] as const,
};

export const resultKeys = {
  latest: () => ['/api/results/me/latest'] as const,
};

export const prizeKeys = {
  forDate: (date: string) => ['/api/prizes/date', date] as const,
};

export const rewardKeys = {
  mine: () => ['/api/rewards/mine'] as const,
};

export const statsKeys = {
  daily: (gameDate: string) => ['/api/stats/daily', gameDate] as const,
  trends: (days: number) => ['/api/stats/trends', days] as const,
  userTotals: () => ['/api/stats/user/me'] as const,
};

export const historyKeys = {
  list: (limit: number) => [`/api/history?limit=${limit}`] as const,
  isAny: (queryKey: QueryKey): boolean => startsWithPath(queryKey, '/api/history'),
};

export const leaderboardKeys = {
  list: (kind: string, limit: number) => [`/api/leaderboard?kind=${kind}&limit=${limit}`] as const,
  isAny: (queryKey: QueryKey): boolean => startsWithPath(queryKey, '/api/leaderboard'),
};

export const referralKeys = {
  code: () => ['/api/referrals/code'] as const,
  stats: () => ['/api/referrals/stats'] as const,
  bonuses: () => ['/api/referrals/bonuses'] as const,
  validate: (code: string) => ['/api/referrals/validate', code] as const,
};

export const profileKeys = {
  profile: () => ['/api/profile'] as const,
};

export const fairnessKeys = {
  record: (gameKey: string) => ['/api/fairness', gameKey] as const,
  /** The browser's own check of a record: computed here, never fetched. */
  check: (gameDate: string, root: string | null) => ['fairness-check', gameDate, root] as const,
  /** The signed-in player's receipts in one game. */
  receipts: (gameKey: string) => ['/api/fairness', gameKey, 'receipts'] as const,
  winnerProof: (gameKey: string) => ['/api/fairness', gameKey, 'winner-proof'] as const,
  /** The browser's own check of a tree version 2 game's winner proof: computed here. */
  winnerCheck: (gameDate: string, root: string) => ['fairness-winner-check', gameDate, root] as const,
  /** The browser's own check of one receipt against a tree version 2 game: computed here. */
  receiptCheck: (gameDate: string, root: string, leaf: string, sig: string | null) =>
    ['fairness-receipt-check', gameDate, root, leaf, sig] as const,
  /** The keys that sign receipts. */
  keys: () => ['/api/fairness/keys'] as const,
};

export const winningsKeys = {
  mine: () => ['/api/winnings'] as const,
};

export const guildKeys = {
  my: () => ['/api/guilds/my'] as const,
  list: () => ['/api/guilds?limit=50'] as const,
  detail: (id: string) => ['/api/guilds', id] as const,
  submissions: (id: string) => ['/api/guilds', id, 'submissions'] as const,
  /** Prefix of every guild's detail and submissions. */
  everyGuild: () => ['/api/guilds'] as const,
  /** Everything about guilds: the player's guild, the list and each guild. */
  isAny: (queryKey: QueryKey): boolean => startsWithPath(queryKey, '/api/guilds'),
};

export const adminKeys = {
  status: () => ['/admin/status'] as const,
  prizeConfig: () => ['/api/prizes/config'] as const,
  payouts: () => ['/api/prizes/admin/payouts'] as const,
  /** Prefix of every page of submissions. */
  submissionsAll: () => ['/admin/submissions'] as const,
  submissions: (page: number, limit: number) => ['/admin/submissions', page, limit] as const,
  audit: (filter: object, page: number) => ['/admin/audit', filter, page] as const,
};
