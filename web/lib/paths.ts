// Every route of the app in one place, so links never spell paths by hand.

export const paths = {
  home: '/',
  submit: '/submit',
  homeAlias: '/home',
  signup: '/signup',
  confirmation: '/confirmation',
  stats: '/stats',
  /** The permalink of one closed game's statistics (see statsForDate). */
  statsGame: '/stats/:gameKey',
  results: '/results',
  history: '/history',
  leaderboard: '/leaderboard',
  rules: '/rules',
  about: '/about',
  referrals: '/referrals',
  rewards: '/rewards',
  winnings: '/winnings',
  profile: '/profile',
  guilds: '/guilds',
  admin: '/admin',
  verify: '/verify',
  verifyGame: '/verify/:gameKey',
  /** Browser navigation to the server's sign-in, not a client route. */
  googleSignIn: '/auth/google',
  /** Form post target for logging out. */
  logout: '/auth/logout',
  /** The player's data as a JSON file: a plain download link, which works without the app's code. */
  dataExport: '/api/profile/export',
} as const;

/** The sign-in link that returns to `next` (a path of this app) once signed in; the server checks it again. */
export function signInReturningTo(next: string): string {
  return next === paths.home ? paths.googleSignIn : `${paths.googleSignIn}?next=${encodeURIComponent(next)}`;
}

/** The sign-up link a referrer shares. */
export function signupWithRef(code: string): string {
  return `${paths.signup}?ref=${encodeURIComponent(code)}`;
}

/** The permalink of one game's statistics: `/stats/{gameKey}` (reload-safe; `?date=` still works). */
export function statsForDate(gameKey: string): string {
  return `${paths.stats}/${encodeURIComponent(gameKey)}`;
}

/** The verify page for one game (DESIGN.md §16). */
export function verifyForGame(gameKey: string): string {
  return `${paths.verify}/${encodeURIComponent(gameKey)}`;
}
