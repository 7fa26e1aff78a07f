// /api/rewards/*: the rewards and how to earn them (public), the player's reward inventory (each of those routes
// carries its own guard).
import { z } from '@hono/zod-openapi';
import { myRewards, rewardConfigList, rewardsOfType, usageHistory } from '../../core/rewards/my-rewards.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import {
  MyRewardsResponse,
  RewardConfigResponse,
  RewardTypeResponse,
  RewardUsageQuery,
  RewardUsageResponse,
} from './rewards.schemas.ts';

const tags = ['Rewards'];
const TypeParams = z.object({
  type: z.string().openapi({ param: { name: 'type', in: 'path' }, enum: ['peak', 'mine', 'how_many'] }),
});

export const rewardRoutes = ({ deps }: AppServices) =>
  apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/config',
          operationId: 'getRewardConfig',
          summary: 'Read the rewards and how to earn them',
          tags,
          responses: { 200: json(RewardConfigResponse, 'The rewards and how to earn them.') },
        },
        { access: 'public' },
      ),
      (c) => c.json(rewardConfigList(), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/mine',
          operationId: 'getMyRewards',
          summary: "Read the player's rewards",
          tags,
          middleware: signedIn,
          responses: { 200: json(MyRewardsResponse, "The player's rewards.") },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await myRewards(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/usage-history',
          operationId: 'listRewardUsage',
          summary: 'List the rewards the player used',
          tags,
          middleware: signedIn,
          request: { query: RewardUsageQuery },
          responses: { 200: json(RewardUsageResponse, 'Rewards used, newest first.') },
        },
        { access: 'player' },
      ),
      async (c) => {
        const { limit, offset } = c.req.valid('query');
        return c.json(await usageHistory(deps, c.var.user.id, limit, offset), 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/type/{type}',
          operationId: 'getRewardsOfType',
          summary: "Read the player's rewards of one type",
          tags,
          middleware: signedIn,
          request: { params: TypeParams },
          responses: { 200: json(RewardTypeResponse, 'The rewards of one type.') },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await rewardsOfType(deps, c.var.user.id, c.req.valid('param').type), 200),
    );
