// The admin API at /admin/* (spec-2 §7): system operations, bots and the submissions of the
// current game. Every route needs the admin role (401 signed out, 403 otherwise).
import { Hono } from 'hono';
import { z } from 'zod';
import { adminSubmissions } from '../../core/admin/submissions.ts';
import { clearBots, createBots } from '../../core/bots/bots.ts';
import { closeDueGames, computeGame } from '../../core/game/close.ts';
import { history } from '../../core/game/game-views.ts';
import { ensureGame, gameToday } from '../../core/game/current-game.ts';
import { mailQueueStatus } from '../../core/mail/deliver-mails.ts';
import type { AdminMailStatus } from '../contract.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireAdmin } from '../auth/guards.ts';
import { intQuery, jsonBody, object, parse } from '../validation.ts';

const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date YYYY-MM-DD');
const submissionsQuery = z.object({ page: intQuery('page', 1, 1, 1_000_000), limit: intQuery('limit', 20, 1, 100) });
const whole = (name: string) => z.number({ error: `${name} must be a number.` });
const botsBody = object({
  botCount: whole('botCount').optional().default(10),
  bonusCount: whole('bonusCount').optional().default(3),
  minNumber: whole('minNumber').optional().default(1),
  maxNumber: whole('maxNumber').optional().default(100),
  strategy: z.enum(['human', 'uniform'], { error: 'strategy must be human or uniform.' }).optional(),
});

export const adminRoutes = ({ deps, config }: AppServices) =>
  new Hono<AppEnv>()
    .get('/status', async (c) => {
      requireAdmin(c);
      const [today, recent, counts, queue] = await Promise.all([
        gameToday(deps),
        history(deps, 5),
        deps.store.read((repos) => repos.users.count()),
        mailQueueStatus(deps),
      ]);
      return c.json({
        serverTime: deps.clock.now().toISOString(),
        currentGame: today,
        recentGames: recent.items,
        users: counts,
        authMode: config.authMode,
        database: config.databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite',
        gameConfig: config.game,
        mail: { ...queue, delivery: config.mail.smtpUrl ? 'smtp' : 'off' } satisfies AdminMailStatus,
      });
    })
    .post('/daily-close', async (c) => {
      requireAdmin(c);
      const closed = await closeDueGames(deps);
      const today = await gameToday(deps);
      return c.json({ closed, currentGame: today, message: closed.length ? `Closed ${closed.join(', ')}` : 'No game was due.' });
    })
    .post('/compute/:date', async (c) => {
      requireAdmin(c);
      return c.json(await computeGame(deps, parse(dateParam, c.req.param('date'))));
    })
    .post('/open/:date', async (c) => {
      requireAdmin(c);
      const game = await ensureGame(deps, parse(dateParam, c.req.param('date')));
      return c.json({ game, message: `Game ${game.key} is ${game.status}.` });
    })
    .get('/submissions', async (c) => {
      requireAdmin(c);
      const { page, limit } = parse(submissionsQuery, c.req.query());
      return c.json(await adminSubmissions(deps, page, limit));
    })
    .post('/create-bot-submissions', async (c) => {
      requireAdmin(c);
      return c.json(await createBots(deps, await jsonBody(c, botsBody)));
    })
    .delete('/delete-bot-submissions', async (c) => {
      requireAdmin(c);
      return c.json(await clearBots(deps));
    });
