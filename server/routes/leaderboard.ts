// GET /api/leaderboard?kind=&limit= (defaults wins and 20, at most 100).
import { leaderboard } from '../../core/leaderboards/leaderboard.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import { LeaderboardQuery, LeaderboardResponse } from './leaderboard.schemas.ts';

export const leaderboardRoutes = ({ deps }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'getLeaderboard',
        summary: 'Read a leaderboard',
        tags: ['Leaderboard'],
        request: { query: LeaderboardQuery },
        responses: { 200: json(LeaderboardResponse, 'Results (winners by game) or players ranked by the kind.') },
      },
      { access: 'public' },
    ),
    async (c) => {
      const { kind, limit } = c.req.valid('query');
      return c.json(await leaderboard(deps, kind, limit), 200);
    },
  );
