// The signed-in user's identity (GET /api/me), also what the sign-in pages answer.
import { z } from '@hono/zod-openapi';

/** GET /api/me (401 when signed out) */
export const MeResponse = z
  .object({ id: z.string(), email: z.string(), displayName: z.string(), role: z.enum(['admin', 'player']) })
  .openapi('MeResponse');
export type MeResponse = z.output<typeof MeResponse>;
