// Realistic API answers for component tests, built relative to the current time.
import type { MyEntriesResponse } from '../../server/routes/entry.schemas.ts';
import type { GameTodayResponse, NumberLimitsDto } from '../../server/routes/game.schemas.ts';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import type { PrizeForDateResponse } from '../../server/routes/prizes.schemas.ts';
import type { MyRewardsResponse } from '../../server/routes/rewards.schemas.ts';
import type { Handler } from './fake-api.ts';

export const player: MeResponse = { id: 'u-1', email: 'ada@example.com', displayName: 'Ada', role: 'player' };
export const admin: MeResponse = { id: 'u-9', email: 'boss@example.com', displayName: 'Boss', role: 'admin' };

/** The number limits and messages the server sends with the game (spec-1 §5). */
export const numberLimits: NumberLimitsDto = {
  minNumber: 1,
  maxNumber: 2_147_483_647,
  mineMinNumber: 10,
  messages: {
    wholeNumber: 'Enter a whole number greater than zero.',
    peakWholeNumber: 'Enter a whole number greater than zero',
    tooLarge: 'Please enter a number up to 2,147,483,647.',
    mineTooLow: 'Mine can only be used on numbers 10 or greater',
  },
};

export function openGame(msUntilClose = 2 * 3_600_000 + 3 * 60_000 + 4_000): GameTodayResponse {
  const now = Date.now();
  return {
    gameDate: '2026-11-22',
    serverNowISO: new Date(now).toISOString(),
    msUntilClose,
    effectiveStatus: 'open',
    closesAtISO: new Date(now + msUntilClose).toISOString(),
    limits: numberLimits,
  };
}

export function myEntries(overrides: Partial<MyEntriesResponse> = {}): MyEntriesResponse {
  return {
    gameDate: '2026-11-22',
    entries: [],
    status: { canSubmitMore: true, effectiveStatus: 'open' },
    maxSubmissions: 1,
    availableBonusEntries: 0,
    bonusEntriesDetails: [],
    ...overrides,
  };
}

export const sundayPrize: PrizeForDateResponse = {
  status: 'active',
  prize: { prizeType: 'cash', amountCents: 20000, currency: 'USD', description: 'Sunday Cash Prize' },
  dayOfWeek: 7,
};

export const myRewards: MyRewardsResponse = {
  rewardSummary: [
    {
      rewardType: 'peak',
      available: 1,
      totalUsed: 0,
      expired: 0,
      config: { name: 'Peak', description: 'Peek at a number', howToEarn: 'Pick a unique number that does not win' },
    },
    {
      rewardType: 'mine',
      available: 0,
      totalUsed: 1,
      expired: 0,
      config: { name: 'Mine', description: '', howToEarn: '' },
    },
    {
      rewardType: 'how_many',
      available: 2,
      totalUsed: 0,
      expired: 1,
      config: { name: 'How Many', description: 'Counts so far', howToEarn: 'Play 3 days in a row' },
    },
  ],
  totalRewardsEarned: 5,
  totalRewardsUsed: 1,
};

/** The fake-API routes the play screen loads: an open Sunday game with its cash prize and no entries yet. */
export function playScreenRoutes(): Record<string, Handler> {
  return {
    'GET /api/game/today': { body: openGame() },
    'GET /api/prizes/date/2026-11-22': { body: sundayPrize },
    'GET /api/entry/mine': { body: myEntries() },
    'GET /api/results/me/latest': { body: { result: null } },
  };
}
