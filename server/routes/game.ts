// The daily game: today's game, the player's entries and submissions, results, history, statistics.
import { Hono } from 'hono';
import { z } from 'zod';
import { myEntries } from '../../core/entries/my-entries.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { dailyStats, gameResult, history } from '../../core/game/game-views.ts';
import { gameToday } from '../../core/game/current-game.ts';
import { myLatestResult } from '../../core/results/my-results.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireUser } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { gameDateParam, intQuery, jsonBody, object, parse } from '../validation.ts';

// The number is checked by the core, with the spec's messages (a missing one included).
const entryBody = object({ number: z.unknown().optional(), gameDate: z.unknown().optional() });
const historyQuery = z.object({ limit: intQuery('limit', 14, 1, 100) });

export const gameRoutes = ({ deps, limiter }: AppServices) =>
  new Hono<AppEnv>()
    .get('/game/today', async (c) => c.json(await gameToday(deps)))
    .get('/entry/mine', async (c) => c.json(await myEntries(deps, requireUser(c).id)))
    .post('/entry', rateLimit(limiter, 'entry'), async (c) => {
      const user = requireUser(c);
      const { number, gameDate } = await jsonBody(c, entryBody);
      return c.json(await submitEntry(deps, { userId: user.id, number, gameDate }), 201);
    })
    .get('/results/me/latest', async (c) => c.json(await myLatestResult(deps, requireUser(c).id)))
    .get('/results/today', async (c) => c.json(await gameResult(deps, 'today')))
    .get('/results/:date', async (c) => c.json(await gameResult(deps, parse(gameDateParam, c.req.param('date')))))
    .get('/history', async (c) => {
      const { limit } = parse(historyQuery, c.req.query());
      return c.json(await history(deps, limit));
    })
    .get('/stats/daily/:date', async (c) => {
      const date = parse(gameDateParam, c.req.param('date'));
      return c.json(await dailyStats(deps, date, c.get('user')?.id ?? null));
    });
