// The one table from domain error codes to HTTP statuses (DESIGN.md §12).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../core/errors.ts';

export const errorStatus: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  DUPLICATE_NUMBER: 400,
  REFERRAL_INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  OWN_PAYOUT: 403,
  WRONG_PASSWORD: 403,
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
  RATE_LIMITED: 429,
};
