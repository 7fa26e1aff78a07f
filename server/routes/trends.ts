// GET /api/stats/trends?days=7|30|90 (DESIGN.md §17), answered from a per-instance cache that the
// core checks against the database's closed-games version on every request.
import { z } from '@hono/zod-openapi';
import { TREND_DAYS_MESSAGE } from '../../core/trends/trend-rules.ts';
import { trends, TrendsCache } from '../../core/trends/trends.ts';
import { TrendsResponse } from '../contract.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';

const trendsQuery = z.object({
  days: z
    .enum(['7', '30', '90'], { error: TREND_DAYS_MESSAGE })
    .transform(Number)
    .openapi({ type: 'string', enum: ['7', '30', '90'] }),
});

export const trendsRoutes = ({ deps }: AppServices) => {
  const cache = new TrendsCache();
  return apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/stats/trends',
        operationId: 'getTrends',
        summary: 'Read the trends of the latest games',
        tags: ['Game'],
        request: { query: trendsQuery },
        responses: { 200: json(TrendsResponse, 'Trends over the latest closed games.') },
      },
      { access: 'public' },
    ),
    async (c) => c.json(await trends(deps, c.req.valid('query').days, cache), 200),
  );
};
