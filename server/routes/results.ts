// /api/results/*: a game's result, and the signed-in player's latest one. Public but the player's latest result,
// which carries its own guard.
import { gameResult } from '../../core/game/game-views.ts';
import { myLatestResult } from '../../core/results/my-results.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { apiApp, apiRoute, json, notModified } from '../openapi.ts';
import { keepAndSend, keptFor, sendKept } from '../public-answers.ts';
import { LatestResultResponse, ResultResponse } from './results.schemas.ts';
import { GameDateParams } from './shared.schemas.ts';

const tags = ['Game'];

export const resultRoutes = ({ deps, publicAnswers }: AppServices) =>
  apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/me/latest',
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
          path: '/today',
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
          path: '/{date}',
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
    );
