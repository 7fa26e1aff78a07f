// The daily game: today's game, the player's entries and submissions, results, history, statistics.
import { myEntries } from '../../core/entries/my-entries.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { dailyStats, gameResult, history } from '../../core/game/game-views.ts';
import { gameToday } from '../../core/game/current-game.ts';
import { myLatestResult } from '../../core/results/my-results.ts';
import {
  DailyStatsResponse,
  GameDateParams,
  GameTodayResponse,
  HistoryQuery,
  HistoryResponse,
  LatestResultResponse,
  MyEntriesResponse,
  ResultResponse,
  SubmitEntryRequest,
  SubmitEntryResponse,
} from '../contract.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { requestSignals, setDeviceCookie } from '../auth/device-cookie.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiApp, apiRoute, json, jsonBody, notModified } from '../openapi.ts';
import { PRIVATE } from '../public-answer-cache.ts';
import { keepAndSend, keptFor, sendKept, untilNextClose } from '../public-answers.ts';

const tags = ['Game'];

export const gameRoutes = ({ deps, config, limiter, publicAnswers }: AppServices) =>
  apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/game/today',
          operationId: 'getGameToday',
          summary: 'Read the open game, its deadline and its number limits',
          tags,
          responses: { 200: json(GameTodayResponse, 'The open game and its deadline.') },
        },
        { access: 'public' },
      ),
      async (c) => c.json(await gameToday(deps), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/entry/mine',
          operationId: 'getMyEntries',
          summary: "Read the player's entries in the open game",
          tags,
          middleware: signedIn,
          responses: { 200: json(MyEntriesResponse, "The player's entries in the open game.") },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await myEntries(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/entry',
          operationId: 'submitEntry',
          summary: 'Submit a number',
          tags,
          middleware: [signedIn, rateLimit(limiter, 'entry')] as const,
          request: jsonBody(SubmitEntryRequest),
          responses: { 201: json(SubmitEntryResponse, 'The entry and its receipt.') },
        },
        { access: 'player', failures: ['GAME_CLOSED', 'ENTRY_LIMIT', 'DUPLICATE_NUMBER', 'RATE_LIMITED'] },
      ),
      async (c) => {
        const { number, gameDate } = c.req.valid('json');
        const client = requestSignals(c, deps.random);
        const submitted = await submitEntry(deps, { userId: c.var.user.id, number, gameDate, client });
        setDeviceCookie(c, config, client.deviceId);
        return c.json(submitted, 201);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/results/me/latest',
          operationId: 'getMyLatestResult',
          summary: "Read the player's latest result",
          tags,
          middleware: signedIn,
          responses: { 200: json(LatestResultResponse, "The player's latest closed game with entries.") },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await myLatestResult(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/results/today',
          operationId: 'getTodayResult',
          summary: "Read today's result",
          tags,
          responses: { 200: json(ResultResponse, "Today's result (open: no winner yet).") },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await gameResult(deps, 'today'), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/results/{date}',
          operationId: 'getResult',
          summary: "Read a game's result",
          tags,
          description:
            "A closed game's result is the same for every caller and never changes: kept and cached for a year.",
          request: { params: GameDateParams },
          responses: { 200: json(ResultResponse, 'The result of a game.'), ...notModified },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => {
        const { date } = c.req.valid('param');
        const key = `results|${date}`;
        const kept = keptFor(c, publicAnswers, key);
        if (kept) return sendKept(c, publicAnswers, kept);
        const result = await gameResult(deps, date);
        // An open game's answer changes at its close: built per request and cached by no one, as every answer is.
        if (result.status === 'open') return c.json(result, 200);
        return keepAndSend(c, publicAnswers, key, { freshness: 'closed-day', generation: null }, result);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/history',
          operationId: 'listHistory',
          summary: 'List the latest games',
          tags,
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
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/stats/daily/{date}',
          operationId: 'getDailyStats',
          summary: "Read a closed game's statistics",
          tags,
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
    );
