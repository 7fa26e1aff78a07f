// Every screen but play loads on demand: each is its own chunk, fetched the first time its route renders, so the
// first load carries only what the play screen uses. The names match the screens they stand for.
import { paths } from '../lib/paths.ts';
import { lazyScreen, type LazyScreen } from './lazy-screen.ts';

export const AdminScreen = lazyScreen(() => import('../features/admin/admin-screen.tsx').then((m) => m.AdminScreen));
export const GuildsScreen = lazyScreen(() => import('../features/guilds/guilds-screen.tsx').then((m) => m.GuildsScreen));
export const AboutScreen = lazyScreen(() => import('../features/info/about-screen.tsx').then((m) => m.AboutScreen));
export const RulesScreen = lazyScreen(() => import('../features/info/rules-screen.tsx').then((m) => m.RulesScreen));
export const LeaderboardScreen = lazyScreen(() => import('../features/leaderboard/leaderboard-screen.tsx').then((m) => m.LeaderboardScreen));
export const ConfirmationScreen = lazyScreen(() => import('../features/play/confirmation-screen.tsx').then((m) => m.ConfirmationScreen));
export const ProfileScreen = lazyScreen(() => import('../features/profile/profile-screen.tsx').then((m) => m.ProfileScreen));
export const ReferralsScreen = lazyScreen(() => import('../features/referrals/referrals-screen.tsx').then((m) => m.ReferralsScreen));
export const RewardsScreen = lazyScreen(() => import('../features/rewards/rewards-screen.tsx').then((m) => m.RewardsScreen));
export const SignupScreen = lazyScreen(() => import('../features/signup/signup-screen.tsx').then((m) => m.SignupScreen));
export const StatsScreen = lazyScreen(() => import('../features/stats/stats-screen.tsx').then((m) => m.StatsScreen));
export const VerifyScreen = lazyScreen(() => import('../features/verify/verify-screen.tsx').then((m) => m.VerifyScreen));
export const WinningsScreen = lazyScreen(() => import('../features/winnings/winnings-screen.tsx').then((m) => m.WinningsScreen));

/** The lazy screen at each address's first segment (`/verify` for /verify/…); the play screen is not lazy. */
const screenAt: Record<string, LazyScreen | undefined> = {
  [paths.admin]: AdminScreen,
  [paths.guilds]: GuildsScreen,
  [paths.about]: AboutScreen,
  [paths.rules]: RulesScreen,
  [paths.leaderboard]: LeaderboardScreen,
  [paths.confirmation]: ConfirmationScreen,
  [paths.profile]: ProfileScreen,
  [paths.referrals]: ReferralsScreen,
  [paths.rewards]: RewardsScreen,
  [paths.signup]: SignupScreen,
  [paths.stats]: StatsScreen,
  [paths.verify]: VerifyScreen,
  [paths.winnings]: WinningsScreen,
};

/** Loads the screen the page opens on, if it is a lazy one (the page's first script has preloaded its files). */
export function loadScreenAt(pathname: string): Promise<void> {
  return screenAt[`/${pathname.split('/')[1] ?? ''}`]?.load().catch(() => undefined) ?? Promise.resolve();
}
