// /api/gameplay/use-*: spending a reward (Peak, Mine, How Many) in the open game. Mounted at /api/gameplay, behind one
// guard and one rate limit.
import { useHowMany, useMine, usePeak } from '../../core/rewards/use-rewards.ts';
import type { AppServices } from '../app-env.ts';
import { guardedApp, signedIn } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiRoute, json, jsonBody } from '../openapi.ts';
import { RewardNumberRequest, UseHowManyResponse, UseMineResponse, UsePeakResponse } from './gameplay.schemas.ts';

const tags = ['Rewards'];

export const gameplayRoutes = ({ deps, limiter }: AppServices) => {
  const app = guardedApp(signedIn);
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
