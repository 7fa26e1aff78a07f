// The history's payloads: the latest games.
import { z } from '@hono/zod-openapi';
import { intQuery } from '../validation.ts';
import { gameKey, openOrClosed } from './shared.schemas.ts';

/** GET /api/history?limit= (default 14) */
export const HistoryQuery = z.object({
  limit: intQuery('limit', 14, 1, 100).openapi({ type: 'integer', description: '1–100, default 14.' }),
});
export const HistoryResponse = z
  .object({ items: z.array(z.object({ gameDate: gameKey, status: openOrClosed })) })
  .openapi('HistoryResponse');
export type HistoryResponse = z.output<typeof HistoryResponse>;
