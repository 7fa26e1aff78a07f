// The rewards' payloads: the rewards, how to earn them and the player's inventory.
import { z } from '@hono/zod-openapi';
import { intQuery } from '../validation.ts';
import { gameKey, instant } from './shared.schemas.ts';

export const RewardTypeDto = z.enum(['peak', 'mine', 'how_many']);
export type RewardTypeDto = z.output<typeof RewardTypeDto>;
export const RewardConfigDto = z
  .object({ name: z.string(), description: z.string(), howToEarn: z.string() })
  .openapi('RewardConfigDto');
export type RewardConfigDto = z.output<typeof RewardConfigDto>;
/** GET /api/rewards/config */
export const RewardConfigResponse = z
  .object({ rewards: z.array(RewardConfigDto.extend({ rewardType: RewardTypeDto })) })
  .openapi('RewardConfigResponse');
export type RewardConfigResponse = z.output<typeof RewardConfigResponse>;
export const RewardSummaryItem = z
  .object({
    rewardType: RewardTypeDto,
    available: z.number().int(),
    totalUsed: z.number().int(),
    expired: z.number().int(),
    config: RewardConfigDto,
  })
  .openapi('RewardSummaryItem');
export type RewardSummaryItem = z.output<typeof RewardSummaryItem>;
/** GET /api/rewards/mine */
export const MyRewardsResponse = z
  .object({
    rewardSummary: z.array(RewardSummaryItem),
    totalRewardsEarned: z.number().int(),
    totalRewardsUsed: z.number().int(),
  })
  .openapi('MyRewardsResponse');
export type MyRewardsResponse = z.output<typeof MyRewardsResponse>;
/** GET /api/rewards/usage-history?limit=50&offset=0 */
export const RewardUsageQuery = z.object({
  limit: intQuery('limit', 50, 1, 100).openapi({ type: 'integer', description: '1–100, default 50.' }),
  offset: intQuery('offset', 0, 0, 1_000_000).openapi({ type: 'integer', description: 'Default 0.' }),
});
export const RewardUsageResponse = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        rewardType: RewardTypeDto,
        usedAt: instant,
        gameDate: gameKey,
        result: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .openapi('RewardUsageResponse');
export type RewardUsageResponse = z.output<typeof RewardUsageResponse>;
/** GET /api/rewards/type/{type} */
export const RewardTypeResponse = RewardSummaryItem.extend({
  items: z.array(z.object({ id: z.string(), earnedAt: instant, expiresAt: instant, usedAt: instant.nullable() })),
}).openapi('RewardTypeResponse');
export type RewardTypeResponse = z.output<typeof RewardTypeResponse>;
