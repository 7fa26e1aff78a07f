// GET /api/game/today: the open game, its deadline and its number limits.
import { gameToday } from '../../core/game/current-game.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import { GameTodayResponse } from './game.schemas.ts';

export const gameRoutes = ({ deps }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/today',
        operationId: 'getGameToday',
        summary: 'Read the open game, its deadline and its number limits',
        tags: ['Game'],
        responses: { 200: json(GameTodayResponse, 'The open game and its deadline.') },
      },
      { access: 'public' },
    ),
    async (c) => c.json(await gameToday(deps), 200),
  );
