// Hands out the memory repositories over the live state (see store.ts).
import type { Repositories } from '../../core/ports.ts';
import type { MemoryState } from './state.ts';
import type { LockOrder } from '../unit-of-work-guard.ts';
import { MemoryUserRepository } from './user-repository.ts';
import { MemorySessionRepository } from './session-repository.ts';
import { MemoryGameRepository } from './game-repository.ts';
import { MemoryEntryRepository } from './entry-repository.ts';
import { MemoryBonusEntryRepository } from './bonus-entry-repository.ts';
import { MemoryRewardRepository } from './reward-repository.ts';
import { MemoryMineRepository } from './mine-repository.ts';
import { MemoryReferralRepository } from './referral-repository.ts';
import { MemoryPlayerStatsRepository } from './player-stats-repository.ts';
import { MemoryPrizeRepository } from './prize-repository.ts';
import { MemoryWinningRepository } from './winning-repository.ts';
import { MemoryPayoutRepository } from './payout-repository.ts';
import { MemoryGuildRepository } from './guild-repository.ts';
import { MemoryOutboxRepository } from './outbox-repository.ts';
import {
  MemoryDailyReminderRepository,
  MemoryEmailConfirmationRepository,
  MemorySigningKeyRepository,
} from './mail-address-repositories.ts';
import { MemoryFairnessRepository } from './fairness-repository.ts';
import { MemoryReceiptKeyRepository } from './receipt-key-repository.ts';
import { MemoryNumberTallies } from './number-tallies.ts';
import { MemoryTrendQueries } from './trend-queries.ts';
import { MemoryLeaderboardQueries } from './leaderboard-queries.ts';
import { MemoryResultQueries } from './result-queries.ts';
import { MemoryAdminQueries } from './admin-queries.ts';
import { MemoryIntegrityRepository } from './integrity-repository.ts';

/** `lockOrder`: a write unit's, whose locks are checked for their order. */
export const memoryRepositories = (state: () => MemoryState, lockOrder?: LockOrder): Repositories => ({
  users: new MemoryUserRepository(state, lockOrder),
  sessions: new MemorySessionRepository(state),
  games: new MemoryGameRepository(state, lockOrder),
  entries: new MemoryEntryRepository(state),
  bonusEntries: new MemoryBonusEntryRepository(state),
  rewards: new MemoryRewardRepository(state),
  mines: new MemoryMineRepository(state),
  referrals: new MemoryReferralRepository(state),
  playerStats: new MemoryPlayerStatsRepository(state),
  prizes: new MemoryPrizeRepository(state),
  winnings: new MemoryWinningRepository(state),
  payouts: new MemoryPayoutRepository(state),
  guilds: new MemoryGuildRepository(state),
  outbox: new MemoryOutboxRepository(state),
  emailConfirmations: new MemoryEmailConfirmationRepository(state),
  dailyReminders: new MemoryDailyReminderRepository(state),
  signingKeys: new MemorySigningKeyRepository(state),
  receiptKeys: new MemoryReceiptKeyRepository(state),
  tallies: new MemoryNumberTallies(state),
  fairness: new MemoryFairnessRepository(state),
  integrity: new MemoryIntegrityRepository(state),
  admin: new MemoryAdminQueries(state),
  leaderboards: new MemoryLeaderboardQueries(state),
  results: new MemoryResultQueries(state),
  trends: new MemoryTrendQueries(state),
});
