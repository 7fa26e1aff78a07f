// Every screen but play loads on demand: each is its own chunk, fetched the first time its route renders, so the
// first load carries only what the play screen uses. The names match the screens they stand for.
import { lazyScreen } from './lazy-screen.ts';

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
