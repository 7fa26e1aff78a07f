// Where a sign-in returns to: a path on this site only. A `next` that could leave the origin (`//host`, `/\host`,
// `https:…`, control characters) is dropped for the game's home, so a sign-in link can never redirect elsewhere.
const MAX_LENGTH = 512;
const SAFE_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u;

/** The path to land on after signing in: `raw` when it is a same-origin path, else null. */
export const safeNextPath = (raw: string | null | undefined): string | null =>
  typeof raw === 'string' && raw.length <= MAX_LENGTH && SAFE_PATH.test(raw) ? raw : null;
