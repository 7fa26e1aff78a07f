// GET /api/winnings: the signed-in player's winnings with their payout state.
import { Hono } from 'hono';
import { myWinnings } from '../../core/payouts/winnings.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireUser } from '../auth/guards.ts';

export const winningRoutes = ({ deps }: AppServices) =>
  new Hono<AppEnv>().get('/winnings', async (c) => c.json(await myWinnings(deps, requireUser(c).id)));
