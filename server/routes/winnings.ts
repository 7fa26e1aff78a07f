// GET /api/winnings: the signed-in player's winnings with their payout state. Mounted at /api/winnings,
// behind one guard.
import { myWinnings } from '../../core/payouts/winnings.ts';
import type { AppServices } from '../app-env.ts';
import { guardedApp, signedIn } from '../auth/guards.ts';
import { apiRoute, json } from '../openapi.ts';
import { WinningsResponse } from './winnings.schemas.ts';

export const winningRoutes = ({ deps }: AppServices) => {
  const app = guardedApp(signedIn);
  return app.openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'listWinnings',
        summary: "List the player's winnings",
        tags: ['Winnings'],
        responses: { 200: json(WinningsResponse, "The player's winnings, newest first.") },
      },
      { access: 'player' },
    ),
    async (c) => c.json(await myWinnings(deps, c.var.user.id), 200),
  );
};
