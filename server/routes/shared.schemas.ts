// What every resource's payloads share: the error body, the plain message, dates, game keys, money, path parameters.
// Each resource's schemas live beside its routes (`<resource>.schemas.ts`): the routes validate requests and declare
// answers with them, the OpenAPI document (GET /api/openapi.json) is generated from them, and each schema's type is
// exported under the schema's name. The web app imports these modules with `import type` only, so nothing of the
// server reaches the browser bundle. Money is whole cents; instants ISO-8601 UTC. Types are the schemas' outputs:
// for a request, what the route hands to the core.
import { z } from '@hono/zod-openapi';

/** A value the core checks with the spec's messages: any value passes the edge, typed and documented as `T`. */
export const checkedByCore = <T>(type: 'integer' | 'boolean' | 'string') =>
  z
    .unknown()
    .optional()
    .transform((value) => value as T)
    .openapi({ type });

/** A named schema or null (zod-to-openapi writes `.nullable()` of a named schema as an allOf that refuses null). */
export const orNull = <S extends z.ZodType>(schema: S) => z.union([schema, z.null()]);

export const instant = z.string().openapi({ format: 'date-time' });
export const gameKey = z
  .string()
  .openapi({ description: 'A game: YYYY-MM-DD, or YYYY-MM-DD-n for an extra game of that date.' });
export const openOrClosed = z.enum(['open', 'closed']);
export const entryType = z.enum(['standard', 'bonus']);
export const nullableInt = z.number().int().nullable();

export const prizeType = z.enum(['cash', 'voucher']);
/** A prize: its kind and amount in whole cents (named PrizeDto where the prizes' routes answer it). */
export const prize = z.object({
  prizeType,
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
});

export const ApiError = z
  .object({ error: z.string(), code: z.string() })
  .catchall(z.unknown())
  .openapi('ApiError', { description: 'Every error: a message for people and a stable code; some carry more fields.' });
export type ApiError = z.output<typeof ApiError>;

export const MessageResponse = z.object({ message: z.string() }).openapi('MessageResponse');
export type MessageResponse = z.output<typeof MessageResponse>;

export const gameDateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'The date must look like YYYY-MM-DD.');
export const GameDateParams = z.object({
  date: gameDateParam.openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-20' }),
});
export const IdParams = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
