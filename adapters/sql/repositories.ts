// Hands out the shared SQL repositories over one connection or transaction.
import { SqlReceiptKeyRepository } from './receipt-key-repository.ts';
import type { Repositories } from '../../core/ports.ts';
import type { SqlContext } from './dialect.ts';
import { SqlBonusEntryRepository } from './bonus-entry-repository.ts';
import { SqlEntryRepository } from './entry-repository.ts';
import { SqlFairnessRepository } from './fairness-repository.ts';
import { SqlIntegrityRepository } from './integrity-repository.ts';
import { SqlNumberTallies } from './number-tallies.ts';
import { SqlGameRepository } from './game-repository.ts';
import { SqlGuildRepository } from './guild-repository.ts';
import { SqlMineRepository } from './mine-repository.ts';
import { SqlOutboxRepository } from './outbox-repository.ts';
import { SqlEmailConfirmationRepository } from './email-confirmation-repository.ts';
import { SqlDailyReminderRepository } from './daily-reminder-repository.ts';
import { SqlSigningKeyRepository } from './signing-key-repository.ts';
import { SqlPayoutRepository } from './payout-repository.ts';
import { SqlPlayerStatsRepository } from './player-stats-repository.ts';
import { SqlPrizeRepository } from './prize-repository.ts';
import { SqlReferralRepository } from './referral-repository.ts';
import { SqlRewardRepository } from './reward-repository.ts';
import { SqlSessionRepository } from './session-repository.ts';
import { SqlUserRepository } from './user-repository.ts';
import { SqlWinningRepository } from './winning-repository.ts';
import { SqlTrendQueries } from './trend-queries.ts';
import { SqlLeaderboardQueries } from './leaderboard-queries.ts';
import { SqlResultQueries } from './result-queries.ts';
import { SqlAdminQueries } from './admin-queries.ts';

export const sqlRepositories = (ctx: SqlContext): Repositories => ({
  users: new SqlUserRepository(ctx),
  sessions: new SqlSessionRepository(ctx),
  games: new SqlGameRepository(ctx),
  entries: new SqlEntryRepository(ctx),
  bonusEntries: new SqlBonusEntryRepository(ctx),
  rewards: new SqlRewardRepository(ctx),
  mines: new SqlMineRepository(ctx),
  referrals: new SqlReferralRepository(ctx),
  playerStats: new SqlPlayerStatsRepository(ctx),
  prizes: new SqlPrizeRepository(ctx),
  winnings: new SqlWinningRepository(ctx),
  payouts: new SqlPayoutRepository(ctx),
  guilds: new SqlGuildRepository(ctx),
  outbox: new SqlOutboxRepository(ctx),
  emailConfirmations: new SqlEmailConfirmationRepository(ctx),
  dailyReminders: new SqlDailyReminderRepository(ctx),
  signingKeys: new SqlSigningKeyRepository(ctx),
  receiptKeys: new SqlReceiptKeyRepository(ctx),
  tallies: new SqlNumberTallies(ctx),
  fairness: new SqlFairnessRepository(ctx),
  integrity: new SqlIntegrityRepository(ctx),
  admin: new SqlAdminQueries(ctx),
  leaderboards: new SqlLeaderboardQueries(ctx),
  results: new SqlResultQueries(ctx),
  trends: new SqlTrendQueries(ctx),
});
