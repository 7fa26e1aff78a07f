// GET /api/leaderboard?kind=&limit= (defaults wins and 20, at most 100), kept until the next close.
import { leaderboard } from '../../core/leaderboards/leaderboard.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json, notModified } from '../openapi.ts';
import { untilNextClose } from '../public-answers.ts';
import { LeaderboardQuery, LeaderboardResponse } from './leaderboard.schemas.ts';

export const leaderboardRoutes = ({ deps, publicAnswers }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'getLeaderboard',
        summary: 'Read a leaderboard',
        tags: ['Leaderboard'],
        description: 'The same for every caller until the next close: kept, and cached for a minute at most.',
        request: { query: LeaderboardQuery },
        responses: {
          200: json(LeaderboardResponse, 'Results (winners by game) or players ranked by the kind.'),
          ...notModified,
        },
      },
      { access: 'public' },
    ),
    async (c) => {
      const { kind, limit } = c.req.valid('query');
      return untilNextClose(c, publicAnswers, `leaderboard|${kind}|${String(limit)}`, () =>
        leaderboard(deps, kind, limit),
      );
    },
  );
