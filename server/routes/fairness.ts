// GET /api/fairness/{gameKey}: the published fairness record of a game (DESIGN.md §16). Public: it
// names no player, and an open game says only that it is open.
import { Hono } from 'hono';
import { fairnessRecord } from '../../core/fairness/fairness.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import type { FairnessRecordResponse } from '../contract.ts';
import { gameDateParam, parse } from '../validation.ts';

export const fairnessRoutes = ({ deps }: AppServices) =>
  new Hono<AppEnv>().get('/fairness/:gameKey', async (c) => {
    const key = parse(gameDateParam, c.req.param('gameKey'));
    const record: FairnessRecordResponse = await fairnessRecord(deps, key);
    return c.json(record);
  });
