// The HTTP payloads shared by the server and the web app. Types only: the web app imports this
// module with `import type`, so nothing of the server reaches the browser bundle.
// Paths follow spec-1 §7, spec-2 §7 and DESIGN.md §12. Money is whole cents; instants ISO-8601 UTC.

export interface ApiError {
  error: string;
  code: string;
  /** Extra fields some errors carry (a disabled prize: status, message, dayOfWeek). */
  [extra: string]: unknown;
}

// ---- accounts --------------------------------------------------------------------------------
/** GET /api/me (401 when signed out) */
export interface MeResponse {
  id: string;
  email: string;
  displayName: string;
  role: 'admin' | 'player';
}
/** PUT /api/profile body; answers ProfileResponse. DELETE /api/profile answers { message }. */
export interface ProfileUpdateRequest {
  username?: string;
  email: string;
  displayName: string;
  /** Optional: mails that are not about money (the claim reminder, a win on a day without a prize) on or off. */
  emailNotifications?: boolean;
  /** Optional: the daily reminder on days not yet played (off by default). */
  dailyReminder?: boolean;
}
/** GET /api/profile and the answer to PUT /api/profile. */
export interface ProfileResponse extends MeResponse {
  emailNotifications: boolean;
  dailyReminder: boolean;
  /** false while a changed contact e-mail waits for its link (POST /api/profile/email-confirmation sends another). */
  emailVerified: boolean;
  /** Where mails go: the contact e-mail once verified, else the sign-in's verified e-mail; null when there is none. */
  mailAddress: string | null;
}
export interface MessageResponse {
  message: string;
}
/** GET /api/stats/user/me */
export interface UserTotalsResponse {
  entriesCount: number;
  winsCount: number;
  currentStreak: number;
  bestStreak: number;
}

// ---- game ------------------------------------------------------------------------------------
/** GET /api/game/today */
export interface GameTodayResponse {
  gameDate: string; // YYYY-MM-DD or YYYY-MM-DD-n
  serverNowISO: string;
  msUntilClose: number; // 0 when closed
  effectiveStatus: 'open' | 'closed';
  closesAtISO: string;
}
export interface EntryDto {
  id: string;
  number: number;
  entryType: 'standard' | 'bonus';
  submittedAt: string;
}
export interface BonusEntryDto {
  id: string;
  sourceType: 'referral' | 'streak' | 'other';
  remainingEntries: number;
  expiresAt: string;
}
/** A receipt (DESIGN.md §16): what a player keeps to check, after the close, that their pick was counted unchanged. */
export interface EntryReceiptDto {
  gameDate: string;
  entryId: string;
  number: number;
  salt: string; // 32 hex characters
  leaf: string; // 64 hex characters
}
export interface MineReceiptDto {
  gameDate: string;
  mineId: string;
  number: number;
  salt: string;
  leaf: string;
}
/** An entry of GET /api/entry/mine: the entry with its receipt's fields. */
export interface MyEntryDto extends EntryDto, EntryReceiptDto {}
/** GET /api/entry/mine (signed in) */
export interface MyEntriesResponse {
  gameDate: string;
  entries: MyEntryDto[];
  status: { canSubmitMore: boolean; effectiveStatus: 'open' | 'closed' };
  maxSubmissions: number;
  availableBonusEntries: number;
  bonusEntriesDetails: BonusEntryDto[];
}
/** POST /api/entry */
export interface SubmitEntryRequest {
  number: number;
  /** The game the player saw (GameTodayResponse.gameDate); when it is no longer the open game: 409 GAME_CLOSED, nothing stored. */
  gameDate?: string;
}
export interface SubmitEntryResponse {
  entry: EntryDto;
  message: string;
  receipt: EntryReceiptDto;
}

// ---- results, history, stats -----------------------------------------------------------------
/** GET /api/results/today and /api/results/{date} */
export type ResultResponse =
  | { gameDate: string; status: 'open' }
  | {
      gameDate: string;
      status: 'closed';
      winnerName: string | null;
      winningNumber: number | null;
      prize: { prizeType: 'cash' | 'voucher'; amountCents: number; currency: string; description: string } | null;
      entriesTotal: number;
    };
/** GET /api/history?limit= (default 14) */
export interface HistoryResponse {
  items: { gameDate: string; status: 'open' | 'closed' }[];
}
export interface SnapshotDto {
  entriesTotal: number;
  uniquesTotal: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  missedWinNumber: number | null;
  highestNumber: number | null;
  mostFrequentNumbers: number[];
  mostFrequentCount: number;
  median: number | null;
  average: number | null;
  minedNumbers: number[];
}
/** GET /api/stats/daily/{date} (404 until the game has closed) */
export interface DailyStatsResponse {
  gameDate: string;
  snapshot: SnapshotDto;
  histogram: { number: number; count: number }[];
  histogramTruncated: boolean;
  /** The signed-in caller's entries in that game; [] when signed out. */
  userSubmissions: EntryDto[];
  /** The signed-in caller's entries with their outcome; [] when signed out. */
  myOutcomes: EntryOutcomeDto[];
  /** The close's fairness root (GET /api/fairness/{gameKey}); null for games closed before receipts existed. */
  fairnessRoot: string | null;
}
/**
 * How one of the player's numbers did (spec-1 §4): `winner` = the winning number, `runner_up` = second place,
 * `unique` = picked by nobody else and not mined, else `duplicate` (a mined number is `duplicate`, even when
 * only one player picked it). `rank` = position among the game's unique numbers (1 = winner, 2 = runner-up),
 * null for a duplicate.
 */
export type EntryOutcome = 'winner' | 'runner_up' | 'unique' | 'duplicate';
export interface EntryOutcomeDto {
  number: number;
  entryType: 'standard' | 'bonus';
  outcome: EntryOutcome;
  rank: number | null;
}
export interface MyResultDto {
  gameDate: string;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  entries: EntryOutcomeDto[];
  /** The prize the player won in that game (null for everyone else, and on a day without a prize). */
  winning: { canClaim: boolean; amountCents: number; prizeType: 'cash' | 'voucher'; currency: string } | null;
}
/** GET /api/results/me/latest (signed in): the player's latest closed game with entries; null when none. */
export interface LatestResultResponse {
  result: MyResultDto | null;
}

// ---- fairness (DESIGN.md §16) ------------------------------------------------------------------
/** GET /api/fairness/{gameKey}: lists sorted by leaf; no user ids, names or e-mails. */
export type FairnessRecordResponse =
  | { gameDate: string; status: 'open' }
  | {
      gameDate: string;
      status: 'closed';
      closedAt: string | null;
      /** null for games closed before receipts existed; `reason` then says so. */
      root: string | null;
      reason?: string;
      entriesTotal: number;
      winningNumber: number | null;
      secondPlaceNumber: number | null;
      entries: { entryId: string; number: number; salt: string; leaf: string }[];
      mines: { mineId: string; number: number; salt: string; leaf: string }[];
    };
/** GET /api/stats/trends?days=7|30|90 (DESIGN.md §17); any other days is a 400. */
export interface TrendsResponse {
  days: 7 | 30 | 90;
  /** Closed games of the window (the `days` latest dates that have a closed game). */
  gamesCount: number;
  entriesTotal: number;
  /** Oldest first; gameDate is the game key, so a numbered extra game (`date-n`) is a point of its own. */
  winningNumbers: { gameDate: string; winningNumber: number | null; entriesTotal: number }[];
  /** Top 10 by count, then the lower number. */
  mostPicked: { number: number; count: number }[];
  /** Top 5 by the change of count from the older to the newer half of the window, then the lower number. */
  rising: { number: number; before: number; after: number }[];
  falling: { number: number; before: number; after: number }[];
  /** 1 … the window's highest winning number that no entry of the window picked, lowest first, at most 20. */
  neverPicked: number[];
  averageWinningNumber: number | null;
}

// ---- referrals -------------------------------------------------------------------------------
/** GET /api/referrals/code */
export interface ReferralCodeResponse {
  referralCode: string;
}
/** GET /api/referrals/stats */
export interface ReferralStatsResponse {
  totalReferrals: number;
  completedReferrals: number;
}
/** GET /api/referrals/bonuses */
export interface ReferralBonusesResponse {
  availableBonuses: number;
  bonusEntries: BonusEntryDto[];
}
/** GET /api/referrals/validate/{code} */
export interface ReferralValidateResponse {
  valid: boolean;
}
/** POST /api/referrals/process { referralCode } answers { message } */
export interface ReferralProcessRequest {
  referralCode: string;
}

// ---- leaderboard -----------------------------------------------------------------------------
export type LeaderboardKind = 'results' | 'wins' | 'entries' | 'streak' | 'bestStreak';
export interface ResultItem {
  gameId: string;
  gameDate: string;
  playerName: string;
  /** Dollars (amountCents / 100), null when there was no prize. */
  prizeAmount: number | null;
  prizeAmountCents: number | null;
  currency: string | null;
  winningNumber: number;
}
export interface PlayerItem {
  userId: string;
  playerName: string;
  wins: number;
  entries: number;
  currentStreak: number;
  bestStreak: number;
  lastPlayedAt: string | null;
}
/** GET /api/leaderboard?kind=&limit= (defaults wins, 20; max 100) */
export interface LeaderboardResponse {
  kind: LeaderboardKind;
  items: (ResultItem | PlayerItem)[];
}

// ---- prizes ----------------------------------------------------------------------------------
export interface PrizeDto {
  prizeType: 'cash' | 'voucher';
  amountCents: number;
  currency: string;
  description: string;
}
/** GET /api/prizes/date/{date}: 200 active, or 404 with { status: 'disabled', message, dayOfWeek, error, code } */
export interface PrizeForDateResponse {
  status: 'active';
  prize: PrizeDto;
  dayOfWeek: number;
}
export interface PrizeDisabledResponse extends ApiError {
  status: 'disabled';
  message: string;
  dayOfWeek: number;
}
export interface PrizeConfigDto extends PrizeDto {
  id: string;
  isActive: boolean;
  /** true for a weekly row that is the built-in default (no stored change). */
  isDefault: boolean;
  /** 1-7. A date override carries its date's weekday too: `date !== null` is what marks an override. */
  dayOfWeek: number | null;
  date: string | null;
  /** For weekly rows: the built-in default amount, for the RESET confirmation. */
  defaultAmountCents: number | null;
}
/** GET /api/prizes/config (admin): 7 weekly rows (1 = Monday … 7 = Sunday) then overrides by date */
export interface PrizeConfigResponse {
  prizes: PrizeConfigDto[];
}
/** POST /api/prizes/config/weekly (admin) answers { prize: PrizeConfigDto, message } */
export interface WeeklyPrizeRequest {
  dayOfWeek: number;
  prizeType: 'cash' | 'voucher';
  amountCents: number;
  description: string;
  isActive: boolean;
}
/** POST /api/prizes/config/date (admin) answers { prize: PrizeConfigDto, message } */
export interface DatePrizeRequest {
  date: string;
  prizeType: 'cash' | 'voucher';
  amountCents: number;
  description: string;
}
// DELETE /api/prizes/config/date/{date}, DELETE /api/prizes/config/weekly/{dayOfWeek} (reset),
// PATCH /api/prizes/config/{id}/toggle: answer { message } (toggle: { prize, message }).

// ---- winnings and payouts --------------------------------------------------------------------
export type PayoutStatusDto = 'unclaimed' | 'pending_review' | 'approved' | 'paid' | 'failed';
export interface WinningDto {
  payoutId: string | null;
  gameId: string;
  gameDate: string;
  winningNumber: number;
  /** Dollars. */
  prizeAmount: number;
  prizeType: 'cash' | 'voucher';
  amountCents: number;
  currency: string;
  status: PayoutStatusDto;
  isPending: boolean;
  isCompleted: boolean;
  canClaim: boolean;
  reviewNotes: string | null;
  processedAt: string | null;
  paymentReference: string | null;
}
/** GET /api/winnings */
export interface WinningsResponse {
  winnings: WinningDto[];
}
/** POST /api/prizes/winner-payout answers { message, payoutId } */
export interface WinnerPayoutRequest {
  gameId: string;
  paypalEmail?: string;
  preferredName?: string;
}
export interface AdminPayoutDto {
  id: string;
  status: 'pending_review' | 'approved' | 'paid' | 'failed';
  amountCents: number;
  currency: string;
  prizeType: 'cash' | 'voucher';
  gameDate: string;
  playerName: string | null;
  playerEmail: string | null;
  paypalEmail: string | null;
  preferredName: string | null;
  reviewNotes: string | null;
  paymentReference: string | null;
  createdAt: string;
  processedAt: string | null;
  /** What the signed-in admin may do next (none when final or their own payout): the web renders these buttons. */
  allowedActions: ('approve' | 'reject' | 'markPaid')[];
}
/** GET /api/prizes/admin/payouts */
export interface AdminPayoutsResponse {
  payouts: AdminPayoutDto[];
}
/** POST /api/prizes/admin/payouts/{id} answers { payout: AdminPayoutDto, message } */
export interface PayoutReviewRequest {
  status: 'approved' | 'failed' | 'paid';
  reviewNotes?: string;
  paymentReference?: string;
}

// ---- rewards ---------------------------------------------------------------------------------
export type RewardTypeDto = 'peak' | 'mine' | 'how_many';
export interface RewardConfigDto {
  name: string;
  description: string;
  howToEarn: string;
}
/** GET /api/rewards/config */
export interface RewardConfigResponse {
  rewards: ({ rewardType: RewardTypeDto } & RewardConfigDto)[];
}
export interface RewardSummaryItem {
  rewardType: RewardTypeDto;
  available: number;
  totalUsed: number;
  expired: number;
  config: RewardConfigDto;
}
/** GET /api/rewards/mine */
export interface MyRewardsResponse {
  rewardSummary: RewardSummaryItem[];
  totalRewardsEarned: number;
  totalRewardsUsed: number;
}
/** GET /api/rewards/usage-history?limit=50&offset=0 */
export interface RewardUsageResponse {
  items: { id: string; rewardType: RewardTypeDto; usedAt: string; gameDate: string; result: Record<string, unknown> }[];
}
/** GET /api/rewards/type/{type} */
export interface RewardTypeResponse extends RewardSummaryItem {
  items: { id: string; earnedAt: string; expiresAt: string; usedAt: string | null }[];
}
/** POST /api/gameplay/use-peak { number } */
export interface UsePeakResponse {
  message: string;
  numberChosen: boolean;
}
/** POST /api/gameplay/use-mine { number } */
export interface UseMineResponse {
  message: string;
  receipt: MineReceiptDto;
}
/** POST /api/gameplay/use-how-many (no body) */
export interface UseHowManyResponse {
  message: string;
  totalNumbers: number;
  uniqueNumbers: number;
}

// ---- guilds ----------------------------------------------------------------------------------
export interface GuildDto {
  id: string;
  name: string;
  description: string;
  memberCount: number;
  maxMembers: number;
  /** No seat left (server rule): not offered for joining. */
  isFull: boolean;
  totalWins: number;
  totalEntries: number;
  createdAt: string;
  adminName: string;
  adminUserId: string;
}
/** GET /api/guilds?limit=50 */
export interface GuildsResponse {
  guilds: GuildDto[];
}
/** GET /api/guilds/my */
export interface MyGuildResponse {
  guild: GuildDto | null;
  /** canLeave is false for an admin who still has members (server rule). */
  membership: { isAdmin: boolean; joinedAt: string; canLeave: boolean } | null;
}
export interface GuildMemberDto {
  userId: string;
  playerName: string;
  isAdmin: boolean;
  joinedAt: string;
  wins: number;
  entries: number;
  currentStreak: number;
}
/** GET /api/guilds/{id} */
export interface GuildDetailResponse {
  guild: GuildDto;
  members: GuildMemberDto[];
}
/** GET /api/guilds/{id}/submissions (members only): today's picks */
export interface GuildSubmissionsResponse {
  gameDate: string;
  submissions: { userId: string; playerName: string; number: number; submittedAt: string }[];
}
/** POST /api/guilds answers { guild: GuildDto, message } */
export interface CreateGuildRequest {
  name: string;
  description?: string;
  password: string;
}
/** POST /api/guilds/join answers { guild: GuildDto, message } */
export interface JoinGuildRequest {
  guildId: string;
  password: string;
}
// POST /api/guilds/leave, DELETE /api/guilds/{id}/members/{userId}, DELETE /api/guilds/{id}: { message }

// ---- admin -----------------------------------------------------------------------------------
/** GET /admin/submissions?page=&limit= */
export interface AdminSubmissionsResponse {
  game: { date: string; status: 'open' | 'closed' };
  submissions: {
    id: string;
    number: number;
    userId: string | null;
    userDisplayName: string | null;
    userEmail: string | null;
    entryType: 'standard' | 'bonus';
    guildName: string | null;
    submittedAt: string;
  }[];
  pagination: { page: number; limit: number; totalCount: number; totalPages: number; hasPreviousPage: boolean; hasNextPage: boolean };
}
/** GET /admin/audit?from=&to=&admin=&page=&pageSize=: payout reviews and prize setting changes, newest first. */
export interface AuditTrailResponse {
  records: {
    id: string;
    at: string;
    kind: 'payout' | 'prize';
    adminId: string;
    /** null once the admin's account is deleted. */
    adminName: string | null;
    subject: string;
    fromState: string | null;
    toState: string | null;
    note: string | null;
    reference: string | null;
  }[];
  totalCount: number;
  page: number;
  pageSize: number;
}
/** POST /admin/create-bot-submissions */
export interface CreateBotsRequest {
  botCount: number;
  bonusCount: number;
  minNumber: number;
  maxNumber: number;
}
export interface CreateBotsResponse {
  botsCreated: number;
  submissionsCreated: number;
  gameDate: string;
}
/** DELETE /admin/delete-bot-submissions */
export interface DeleteBotsResponse {
  deletedSubmissions: number;
  deletedBonusEntries: number;
  botUsersPreserved: number;
}
// GET /admin/status, POST /admin/daily-close, POST /admin/compute/{date}, POST /admin/open/{date}:
// JSON objects shown raw by the SYSTEM tab.
/** GET /admin/status `.mail`: the outbox (DESIGN.md §15). `delivery` is `off` without SMTP_URL (mails wait). */
export interface AdminMailStatus {
  /** Mails not yet sent: pending or being sent. */
  backlog: number;
  /** Dead letters: `lowest mail list --failed` shows them. */
  failed: number;
  delivery: 'smtp' | 'off';
}
