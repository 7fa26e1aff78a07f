// Every screen but play loads on demand: each is its own chunk, fetched the first time its route renders, so the
// first load carries only what the play screen uses (issue 15). The names match the screens they stand for.
import { lazy } from 'react';

export const AdminScreen = lazy(() => import('../features/admin/admin-screen.tsx').then((m) => ({ default: m.AdminScreen })));
export const GuildsScreen = lazy(() => import('../features/guilds/guilds-screen.tsx').then((m) => ({ default: m.GuildsScreen })));
export const AboutScreen = lazy(() => import('../features/info/about-screen.tsx').then((m) => ({ default: m.AboutScreen })));
export const RulesScreen = lazy(() => import('../features/info/rules-screen.tsx').then((m) => ({ default: m.RulesScreen })));
export const LeaderboardScreen = lazy(() => import('../features/leaderboard/leaderboard-screen.tsx').then((m) => ({ default: m.LeaderboardScreen })));
export const ConfirmationScreen = lazy(() => import('../features/play/confirmation-screen.tsx').then((m) => ({ default: m.ConfirmationScreen })));
export const ProfileScreen = lazy(() => import('../features/profile/profile-screen.tsx').then((m) => ({ default: m.ProfileScreen })));
export const ReferralsScreen = lazy(() => import('../features/referrals/referrals-screen.tsx').then((m) => ({ default: m.ReferralsScreen })));
export const RewardsScreen = lazy(() => import('../features/rewards/rewards-screen.tsx').then((m) => ({ default: m.RewardsScreen })));
export const SignupScreen = lazy(() => import('../features/signup/signup-screen.tsx').then((m) => ({ default: m.SignupScreen })));
export const StatsScreen = lazy(() => import('../features/stats/stats-screen.tsx').then((m) => ({ default: m.StatsScreen })));
export const VerifyScreen = lazy(() => import('../features/verify/verify-screen.tsx').then((m) => ({ default: m.VerifyScreen })));
export const WinningsScreen = lazy(() => import('../features/winnings/winnings-screen.tsx').then((m) => ({ default: m.WinningsScreen })));
