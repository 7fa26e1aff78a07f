// /api/results/*: a game's result, and the signed-in player's latest one. Public but the player's latest result,
// which carries its own guard.
import { gameResult } from '../../core/game/game-views.ts';
import { myLatestResult } from '../../core/results/my-results.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import { LatestResultResponse, ResultResponse } from './results.schemas.ts';
import { GameDateParams } from './shared.schemas.ts';

const tags = ['Game'];

export const resultRoutes = ({ deps }: AppServices) =>
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
          request: { params: GameDateParams },
          responses: { 200: json(ResultResponse, 'The result of a game.') },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await gameResult(deps, c.req.valid('param').date), 200),
    );
