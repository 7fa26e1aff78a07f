// GET /api/game/today: the open game, its deadline and its number limits.
import { currentGame, gameTodayOf } from '../../core/game/current-game.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import { GameTodayResponse } from './game.schemas.ts';

export const gameRoutes = ({ deps, currentGameAnswer }: AppServices) =>
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
    async (c) => {
      const { game } = await currentGame(deps);
      currentGameAnswer.keep(game);
      return c.json(gameTodayOf(game, deps.clock.now()), 200);
    },
  );
