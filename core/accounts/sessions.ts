// Cookie sessions (DESIGN.md §8): a random token for the browser, only its SHA-256 hash at rest,
// and a sliding expiry.
import type { Deps } from '../deps.ts';
import type { User } from '../model.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Slide the expiry at most once an hour, so every request does not need a write. */
const SLIDE_STEP_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

/** The session token as stored: its SHA-256, computed synchronously on every request (DESIGN.md §14). */
export const hashToken = (deps: Pick<Deps, 'digest'>, token: string): string => deps.digest.sha256Hex(token);

export const createSession = async (
  deps: Deps<'sessions'>,
  userId: string,
  days: number,
): Promise<{ token: string; expiresAt: string }> => {
  const token = deps.random.tokenHex(TOKEN_BYTES);
  const tokenHash = hashToken(deps, token);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + days * DAY_MS).toISOString();
  await deps.store.write((repos) =>
    repos.sessions.create({ tokenHash, userId, createdAt: now.toISOString(), expiresAt }),
  );
  return { token, expiresAt };
};

/** The session's user, or null when the token is unknown or expired. A live session is extended to now + days. */
export const sessionUser = async (deps: Deps<'sessions'>, token: string, days: number): Promise<User | null> => {
  if (token === '') return null;
  const tokenHash = hashToken(deps, token);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const found = await deps.store.read((repos) => repos.sessions.withUser(tokenHash));
  if (!found) return null;
  if (found.session.expiresAt <= nowIso) {
    await deps.store.write((repos) => repos.sessions.delete(tokenHash));
    return null;
  }
  const slid = new Date(now.getTime() + days * DAY_MS);
  if (slid.getTime() - Date.parse(found.session.expiresAt) >= SLIDE_STEP_MS) {
    await deps.store.write((repos) => repos.sessions.extend(tokenHash, slid.toISOString()));
  }
  return found.user;
};

export const endSession = async (deps: Deps<'sessions'>, token: string): Promise<void> => {
  const tokenHash = hashToken(deps, token);
  await deps.store.write((repos) => repos.sessions.delete(tokenHash));
};
