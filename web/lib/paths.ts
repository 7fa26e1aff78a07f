// Every route of the app in one place, so links never spell paths by hand.

export const paths = {
  home: '/',
  submit: '/submit',
  homeAlias: '/home',
  signup: '/signup',
  confirmation: '/confirmation',
  stats: '/stats',
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
} as const;

/** The sign-up link a referrer shares. */
export function signupWithRef(code: string): string {
  return `${paths.signup}?ref=${encodeURIComponent(code)}`;
}

/** The statistics screen for one game. */
export function statsForDate(gameDate: string): string {
  return `${paths.stats}?date=${encodeURIComponent(gameDate)}`;
}

/** The verify page for one game (DESIGN.md §16). */
export function verifyForGame(gameKey: string): string {
  return `${paths.verify}/${encodeURIComponent(gameKey)}`;
}
