// /api/rewards/* (the player's reward inventory) and /api/gameplay/use-* (spending one, a sub-app at
// /api/gameplay behind one guard).
import { z } from '@hono/zod-openapi';
import { myRewards, rewardConfigList, rewardsOfType, usageHistory } from '../../core/rewards/my-rewards.ts';
import { useHowMany, useMine, usePeak } from '../../core/rewards/use-rewards.ts';
import {
  MyRewardsResponse,
  RewardConfigResponse,
  RewardNumberRequest,
  RewardTypeResponse,
  RewardUsageQuery,
  RewardUsageResponse,
  UseHowManyResponse,
  UseMineResponse,
  UsePeakResponse,
} from '../contract.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn, type SignedInEnv } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiApp, apiRoute, json, jsonBody } from '../openapi.ts';

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
          path: '/rewards/config',
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
          path: '/rewards/mine',
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
          path: '/rewards/usage-history',
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
          path: '/rewards/type/{type}',
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

/** Mounted at /api/gameplay. */
export const gameplayRoutes = ({ deps, limiter }: AppServices) => {
  const app = apiApp<SignedInEnv>();
  app.use('*', signedIn);
  app.use('*', rateLimit(limiter, 'reward'));
  const spending = { access: 'player', failures: ['NO_REWARD', 'GAME_CLOSED', 'RATE_LIMITED'] } as const;
  return app
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/use-peak',
          operationId: 'usePeak',
          summary: 'Use Peak: is a number picked?',
          tags,
          request: jsonBody(RewardNumberRequest),
          responses: { 200: json(UsePeakResponse, 'Whether anyone picked the number.') },
        },
        { ...spending, failures: [...spending.failures] },
      ),
      async (c) => c.json(await usePeak(deps, { userId: c.var.user.id, number: c.req.valid('json').number }), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/use-mine',
          operationId: 'useMine',
          summary: 'Use Mine: lay a mine on a number',
          tags,
          request: jsonBody(RewardNumberRequest),
          responses: { 200: json(UseMineResponse, 'The mine and its receipt.') },
        },
        { ...spending, failures: [...spending.failures, 'MINE_ALREADY_USED'] },
      ),
      async (c) => c.json(await useMine(deps, { userId: c.var.user.id, number: c.req.valid('json').number }), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/use-how-many',
          operationId: 'useHowMany',
          summary: "Use How Many: count today's picks",
          tags,
          responses: { 200: json(UseHowManyResponse, "How many numbers and unique numbers today's game holds.") },
        },
        { ...spending, failures: [...spending.failures] },
      ),
      async (c) => c.json(await useHowMany(deps, { userId: c.var.user.id }), 200),
    );
};
