// The admin API at /admin/* (spec-2 §7): system operations, bots, the submissions of the current game and the audit
// trail. One guard for the sub-app: every route needs the admin role (401 signed out, 403 otherwise).
import { z } from '@hono/zod-openapi';
import { adminSubmissions } from '../../core/admin/submissions.ts';
import { clearBots, createBots } from '../../core/bots/bots.ts';
import { closeDueGames, computeGame } from '../../core/game/close.ts';
import { history } from '../../core/game/game-views.ts';
import { ensureGame, gameToday } from '../../core/game/current-game.ts';
import { mailQueueStatus } from '../../core/mail/deliver-mails.ts';
import type { AppServices } from '../app-env.ts';
import { adminOnly, guardedApp } from '../auth/guards.ts';
import { apiRoute, json, jsonBody } from '../openapi.ts';
import { forgetGames } from '../public-answers.ts';
import {
  AdminMailStatus,
  AdminSubmissionsQuery,
  AdminSubmissionsResponse,
  CreateBotsBody,
  CreateBotsResponse,
  DeleteBotsResponse,
} from './admin.schemas.ts';
import { auditRoutes } from './audit.ts';
import { GameTodayResponse } from './game.schemas.ts';

const tags = ['Admin'];
const admin = { access: 'admin' } as const;
const AdminDateParams = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date YYYY-MM-DD')
    .openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-20' }),
});
/** The SYSTEM tab shows these answers raw: documented as objects with their main fields. */
const AdminStatusResponse = z
  .object({
    serverTime: z.string(),
    currentGame: GameTodayResponse,
    recentGames: z.array(z.object({ gameDate: z.string(), status: z.enum(['open', 'closed']) })),
    users: z.object({ users: z.number().int(), bots: z.number().int() }).catchall(z.unknown()),
    authMode: z.enum(['dev', 'google']),
    database: z.enum(['postgres', 'sqlite']),
    gameConfig: z.record(z.string(), z.unknown()),
    mail: AdminMailStatus,
  })
  .openapi('AdminStatusResponse');
const DailyCloseResponse = z
  .object({ closed: z.array(z.string()), currentGame: GameTodayResponse, message: z.string() })
  .openapi('DailyCloseResponse');
const ComputeResponse = z
  .record(z.string(), z.unknown())
  .openapi('ComputeResponse', { description: 'The computed result of the game.' });
const OpenGameResponse = z
  .object({ game: z.object({ key: z.string(), status: z.string() }).catchall(z.unknown()), message: z.string() })
  .openapi('OpenGameResponse');

export const adminRoutes = (services: AppServices) => {
  const { deps, config } = services;
  const app = guardedApp(adminOnly);
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/status',
          operationId: 'getAdminStatus',
          summary: 'Read the system at a glance',
          tags,
          responses: { 200: json(AdminStatusResponse, 'The system at a glance.') },
        },
        admin,
      ),
      async (c) => {
        const [today, recent, counts, queue] = await Promise.all([
          gameToday(deps),
          history(deps, 5),
          deps.store.read((repos) => repos.users.count()),
          mailQueueStatus(deps),
        ]);
        return c.json(
          {
            serverTime: deps.clock.now().toISOString(),
            currentGame: today,
            recentGames: recent.items,
            users: counts,
            authMode: config.authMode,
            database: config.databaseUrl.startsWith('postgres') ? ('postgres' as const) : ('sqlite' as const),
            gameConfig: { ...config.game },
            mail: { ...queue, delivery: config.mail.smtpUrl ? ('smtp' as const) : ('off' as const) },
          },
          200,
        );
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/daily-close',
          operationId: 'runDailyClose',
          summary: 'Close the games that are due',
          tags,
          responses: { 200: json(DailyCloseResponse, 'The games closed, if any were due.') },
        },
        admin,
      ),
      async (c) => {
        const { closed } = await closeDueGames(deps);
        forgetGames(services);
        const today = await gameToday(deps);
        return c.json(
          { closed, currentGame: today, message: closed.length ? `Closed ${closed.join(', ')}` : 'No game was due.' },
          200,
        );
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/compute/{date}',
          operationId: 'computeGame',
          summary: "Close a date's game and compute its result",
          tags,
          request: { params: AdminDateParams },
          responses: { 200: json(ComputeResponse, 'The result, computed.') },
        },
        { ...admin, failures: ['NOT_FOUND'] },
      ),
      async (c) => {
        const computed = await computeGame(deps, c.req.valid('param').date);
        forgetGames(services);
        return c.json({ ...computed }, 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/open/{date}',
          operationId: 'openGame',
          summary: 'Open a game for a date',
          tags,
          request: { params: AdminDateParams },
          responses: { 200: json(OpenGameResponse, 'The game of that date.') },
        },
        { ...admin, failures: ['GAME_CLOSED'] },
      ),
      async (c) => {
        const game = await ensureGame(deps, c.req.valid('param').date);
        forgetGames(services);
        return c.json({ game, message: `Game ${game.key} is ${game.status}.` }, 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/submissions',
          operationId: 'listSubmissions',
          summary: "List the open game's entries",
          tags,
          request: { query: AdminSubmissionsQuery },
          responses: { 200: json(AdminSubmissionsResponse, "A page of the open game's entries.") },
        },
        admin,
      ),
      async (c) => {
        const { page, limit } = c.req.valid('query');
        return c.json(await adminSubmissions(deps, page, limit), 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/create-bot-submissions',
          operationId: 'createBotSubmissions',
          summary: 'Create bot players and their picks',
          tags,
          request: jsonBody(CreateBotsBody),
          responses: { 200: json(CreateBotsResponse, 'The bots and their picks.') },
        },
        { ...admin, failures: ['GAME_CLOSED', 'CONFLICT'] },
      ),
      async (c) => c.json(await createBots(deps, c.req.valid('json')), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'delete',
          path: '/delete-bot-submissions',
          operationId: 'deleteBotSubmissions',
          summary: "Delete the bots' picks",
          tags,
          responses: { 200: json(DeleteBotsResponse, "The bots' picks are gone.") },
        },
        admin,
      ),
      async (c) => c.json(await clearBots(deps), 200),
    )
    .route('/audit', auditRoutes(services));
};
