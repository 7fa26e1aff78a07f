// Expected failures of the domain: one class, a stable code, a human message.
// Adapters translate the code (HTTP status, CLI exit code) in exactly one place each.

export type ErrorCode =
  | 'VALIDATION' // bad input (400)
  | 'UNAUTHENTICATED' // no signed-in user (401)
  | 'FORBIDDEN' // signed in but not allowed (403)
  | 'OWN_PAYOUT' // an admin reviewing a payout of their own (403)
  | 'NOT_FOUND' // (404)
  | 'CONFLICT' // state conflict (409)
  | 'GAME_CLOSED' // (409)
  | 'ENTRY_LIMIT' // no entries left in this game (409)
  | 'DUPLICATE_NUMBER' // player already picked this number in this game (400)
  | 'NO_REWARD' // no unexpired reward of that type (409)
  | 'MINE_ALREADY_USED' // (409)
  | 'REFERRAL_INVALID' // unknown code (400)
  | 'REFERRAL_NOT_ALLOWED' // self-referral, already referred, already played (409)
  | 'ALREADY_CLAIMED' // (409)
  | 'ILLEGAL_TRANSITION' // payout state machine (409)
  | 'GUILD_FULL' // (409)
  | 'ALREADY_IN_GUILD' // (409)
  | 'WRONG_PASSWORD' // (403)
  | 'NAME_TAKEN' // guild name (409)
  | 'EMAIL_TAKEN' // (409)
  | 'PRIZE_DISABLED' // (404, with details)
  | 'RATE_LIMITED'; // (429), raised by adapters only

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Extra machine-readable fields an adapter may pass on (e.g. the disabled prize's dayOfWeek). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export const fail = (code: ErrorCode, message: string, details?: Record<string, unknown>): never => {
  throw new DomainError(code, message, details);
};

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/**
 * The store could not reach its database, or the database refused to write (PostgreSQL down or restarting, SQLite full
 * or read-only): an outage, not a bug (DESIGN.md §20). Each store turns its driver's such failures into this one, in
 * one place.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export const isStoreUnavailable = (e: unknown): e is StoreUnavailableError => e instanceof StoreUnavailableError;
