// GET /api/leaderboard?kind=&limit= (defaults wins and 20, at most 100).
import { Hono } from 'hono';
import { z } from 'zod';
import { leaderboard } from '../../core/leaderboards/leaderboard.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { intQuery, parse } from '../validation.ts';

const query = z.object({
  kind: z.string().optional().default('wins'),
  limit: intQuery('limit', 20, 1, 100),
});

export const leaderboardRoutes = ({ deps }: AppServices) =>
  new Hono<AppEnv>().get('/leaderboard', async (c) => {
    const { kind, limit } = parse(query, c.req.query());
    return c.json(await leaderboard(deps, kind, limit));
  });
