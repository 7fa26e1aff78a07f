// GET /api/history?limit= (default 14): the latest games, newest first.
import { history } from '../../core/game/game-views.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import { HistoryQuery, HistoryResponse } from './history.schemas.ts';

export const historyRoutes = ({ deps }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'listHistory',
        summary: 'List the latest games',
        tags: ['Game'],
        request: { query: HistoryQuery },
        responses: { 200: json(HistoryResponse, 'The latest games, newest first.') },
      },
      { access: 'public' },
    ),
    async (c) => c.json(await history(deps, c.req.valid('query').limit), 200),
  );
