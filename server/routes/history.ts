// GET /api/history?limit= (default 14): the latest games, newest first, kept until the next close.
import { history } from '../../core/game/game-views.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json, notModified } from '../openapi.ts';
import { untilNextClose } from '../public-answers.ts';
import { HistoryQuery, HistoryResponse } from './history.schemas.ts';

export const historyRoutes = ({ deps, publicAnswers }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'listHistory',
        summary: 'List the latest games',
        tags: ['Game'],
        description: 'The same for every caller until the next close: kept, and cached for a minute at most.',
        request: { query: HistoryQuery },
        responses: { 200: json(HistoryResponse, 'The latest games, newest first.'), ...notModified },
      },
      { access: 'public' },
    ),
    async (c) => {
      const { limit } = c.req.valid('query');
      return untilNextClose(c, publicAnswers, `history|${String(limit)}`, () => history(deps, limit));
    },
  );
