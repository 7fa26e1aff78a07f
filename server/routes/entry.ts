// /api/entry: the player's entries in the open game and submitting a number. Mounted at /api/entry, behind one guard:
// every route needs a signed-in player.
import { myEntries } from '../../core/entries/my-entries.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import type { AppServices } from '../app-env.ts';
import { guardedApp, signedIn } from '../auth/guards.ts';
import { requestSignals, setDeviceCookie } from '../auth/device-cookie.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiRoute, json, jsonBody } from '../openapi.ts';
import { MyEntriesResponse, SubmitEntryRequest, SubmitEntryResponse } from './entry.schemas.ts';

const tags = ['Game'];

export const entryRoutes = ({ deps, config, limiter }: AppServices) => {
  const app = guardedApp(signedIn);
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/mine',
          operationId: 'getMyEntries',
          summary: "Read the player's entries in the open game",
          tags,
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
          path: '/',
          operationId: 'submitEntry',
          summary: 'Submit a number',
          tags,
          middleware: rateLimit(limiter, 'entry'),
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
    );
};
