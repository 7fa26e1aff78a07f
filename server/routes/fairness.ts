// GET /api/fairness/{gameKey}: the published fairness record of a game (DESIGN.md §16). Public: it
// names no player, and an open game says only that it is open.
import { z } from '@hono/zod-openapi';
import { fairnessRecord } from '../../core/fairness/fairness.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { FairnessRecordResponse, gameDateParam } from '../contract.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';

const GameKeyParams = z.object({ gameKey: gameDateParam.openapi({ param: { name: 'gameKey', in: 'path' }, example: '2026-11-20' }) });

export const fairnessRoutes = ({ deps }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/fairness/{gameKey}',
        tags: ['Game'],
        request: { params: GameKeyParams },
        responses: { 200: json(FairnessRecordResponse, "The game's fairness record: every entry's and mine's leaf, and the root.") },
      },
      { access: 'public', failures: ['NOT_FOUND', 'CONFLICT'] },
    ),
    async (c) => c.json(await fairnessRecord(deps, c.req.valid('param').gameKey), 200),
  );
