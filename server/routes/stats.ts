// /api/stats/*: the player's totals and streaks, a closed game's statistics, the trends of the latest games
// (DESIGN.md §17, answered from a per-instance cache that the core checks against the database's closed-games
// version on every request). Public but the player's totals, which carry their own guard.
import { z } from '@hono/zod-openapi';
import { userTotals } from '../../core/accounts/profile.ts';
import { dailyStats } from '../../core/game/game-views.ts';
import { TREND_DAYS_MESSAGE } from '../../core/trends/trend-rules.ts';
import { trends, TrendsCache } from '../../core/trends/trends.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { apiApp, apiRoute, json, notModified } from '../openapi.ts';
import { PRIVATE } from '../public-answer-cache.ts';
import { keepAndSend, keptFor, sendKept } from '../public-answers.ts';
import { GameDateParams } from './shared.schemas.ts';
import { DailyStatsResponse, TrendsResponse, UserTotalsResponse } from './stats.schemas.ts';

const trendsQuery = z.object({
  days: z
    .enum(['7', '30', '90'], { error: TREND_DAYS_MESSAGE })
    .transform(Number)
    .openapi({ type: 'string', enum: ['7', '30', '90'] }),
});

export const statsRoutes = ({ deps, publicAnswers }: AppServices) => {
  const cache = new TrendsCache();
  return apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/user/me',
          operationId: 'getMyTotals',
          summary: "Read the player's totals and streaks",
          tags: ['Account'],
          middleware: signedIn,
          responses: { 200: json(UserTotalsResponse, 'The totals.') },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await userTotals(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/daily/{date}',
          operationId: 'getDailyStats',
          summary: "Read a closed game's statistics",
          tags: ['Game'],
          description:
            "A closed game's statistics; signed in, also the caller's entries and their outcomes (private). A visitor's answer never changes: kept and cached for a year.",
          request: { params: GameDateParams },
          responses: { 200: json(DailyStatsResponse, 'The statistics of a closed game.'), ...notModified },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => {
        const { date } = c.req.valid('param');
        const user = c.get('user');
        if (user) {
          c.header('Cache-Control', PRIVATE);
          return c.json(await dailyStats(deps, date, user.id), 200);
        }
        const key = `stats|${date}`;
        const kept = keptFor(c, publicAnswers, key);
        if (kept) return sendKept(c, publicAnswers, kept);
        // Only a closed game has statistics (NOT_FOUND otherwise), and they never change.
        const visitors = await dailyStats(deps, date, null);
        return keepAndSend(
          c,
          publicAnswers,
          key,
          { freshness: 'closed-day', generation: null, perCaller: true },
          visitors,
        );
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/trends',
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
