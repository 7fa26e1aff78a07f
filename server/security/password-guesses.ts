// Wrong guild passwords are limited per player and per guild (docs/adr/0023-fair-password-hashing.md), in the same
// time-bucketed windows as the request limits, so with PostgreSQL every instance counts them together. Once a
// window is full, further guesses are refused before any hashing, the right password too, until the window ends.
import { HashingBusy, type HashRequest, type PasswordGuess, type PasswordHasher } from '../../core/ports.ts';
import {
  lastRefusal,
  rateLimited,
  type PolicyHit,
  type RateLimiter,
  type RateRule,
  type RateVerdict,
} from './rate-limit.ts';

export interface GuessLimits {
  perPlayer: RateRule;
  perGuild: RateRule;
}

const minute = 60_000;

// Guild passwords are 4–20 characters a player chose: a handful of typos is plenty for a member, and the guild's own
// limit stops many accounts sharing out the guessing of one password.
export const defaultGuessLimits: GuessLimits = {
  perPlayer: { limit: 5, windowMs: 10 * minute },
  perGuild: { limit: 20, windowMs: 10 * minute },
};

const windowText = (rule: RateRule): string => `${Math.round(rule.windowMs / minute)} minutes`;

const waitText = (verdict: RateVerdict): string => {
  const minutes = Math.max(1, Math.ceil(verdict.resetMs / minute));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** A player over its share of the hasher gets the app's usual 429, telling it to retry in about a second. */
const refusedWhenBusy = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HashingBusy)) throw error;
    throw rateLimited(
      'hashing-user',
      { limit: error.maxPerRequester, windowMs: error.retryAfterMs },
      { within: false, remaining: 0, resetMs: error.retryAfterMs },
      'Your previous guild request is still being checked. Please wait a moment and try again.',
    );
  }
};

export class GuessLimitedHasher implements PasswordHasher {
  constructor(
    readonly inner: PasswordHasher,
    private readonly limiter: RateLimiter,
    readonly limits: GuessLimits = defaultGuessLimits,
  ) {}

  hash(password: string, request: HashRequest): Promise<string> {
    return refusedWhenBusy(() => this.inner.hash(password, request));
  }

  async verify(password: string, hash: string, guess: PasswordGuess): Promise<boolean> {
    const keys: PolicyHit[] = [
      { key: `wrongPassword:user:${guess.requester}`, rule: this.limits.perPlayer, policy: 'guild-password-user' },
      { key: `wrongPassword:${guess.secret}`, rule: this.limits.perGuild, policy: 'guild-password-guild' },
    ];
    const refused = lastRefusal(keys, await this.limiter.peekAll(keys));
    if (refused !== null) {
      const [{ rule, policy }, verdict] = refused;
      const whose = policy === 'guild-password-user' ? 'from your account' : 'for this guild';
      throw rateLimited(
        policy,
        rule,
        verdict,
        `Too many wrong guild passwords ${whose}: at most ${rule.limit} in ${windowText(rule)}. Try again in ${waitText(verdict)}.`,
      );
    }
    const right = await refusedWhenBusy(() => this.inner.verify(password, hash, guess));
    if (!right) await this.limiter.hitAll(keys);
    return right;
  }
}
