// The one table from error codes to HTTP statuses (DESIGN.md §12): the domain's codes and the few the HTTP
// edge raises itself. The error handler and the OpenAPI document's error responses both read it.
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../core/errors.ts';

export const errorStatus = {
  VALIDATION: 400,
  DUPLICATE_NUMBER: 400,
  REFERRAL_INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  OWN_PAYOUT: 403,
  WRONG_PASSWORD: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  PRIZE_DISABLED: 404,
  CONFLICT: 409,
  GAME_CLOSED: 409,
  ENTRY_LIMIT: 409,
  NO_REWARD: 409,
  MINE_ALREADY_USED: 409,
  REFERRAL_NOT_ALLOWED: 409,
  ALREADY_CLAIMED: 409,
  ILLEGAL_TRANSITION: 409,
  GUILD_FULL: 409,
  ALREADY_IN_GUILD: 409,
  NAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<
  ErrorCode | 'CROSS_SITE' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'INTERNAL' | 'UNAVAILABLE',
  ContentfulStatusCode
>;

/** Every `code` an error body can carry. */
export type ApiErrorCode = keyof typeof errorStatus;

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatus, value);

/**
 * The HTTP edge's own failure: Hono's HTTPException, its status from the table, the code kept as its cause and
 * the headers that belong to it (`Retry-After`, `Allow`) on its `res`, as Hono's `getResponse()` reads them.
 */
export const apiError = (code: ApiErrorCode, message: string, headers?: Record<string, string>): HTTPException =>
  new HTTPException(errorStatus[code], {
    message,
    cause: code,
    ...(headers ? { res: new Response(null, { headers }) } : {}),
  });
