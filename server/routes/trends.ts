// GET /api/stats/trends?days=7|30|90 (DESIGN.md §17), answered from a per-instance cache that the
// core checks against the database's closed-games version on every request.
import { Hono } from 'hono';
import { z } from 'zod';
import { TREND_DAYS_MESSAGE } from '../../core/trends/trend-rules.ts';
import { trends, TrendsCache } from '../../core/trends/trends.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { parse } from '../validation.ts';

const trendsQuery = z.object({
  days: z.enum(['7', '30', '90'], { error: TREND_DAYS_MESSAGE }).transform(Number),
});

export const trendsRoutes = ({ deps }: AppServices) => {
  const cache = new TrendsCache();
  return new Hono<AppEnv>().get('/stats/trends', async (c) => {
    const { days } = parse(trendsQuery, c.req.query());
    return c.json(await trends(deps, days, cache));
  });
};
