// Every screen but play loads on demand: each is its own chunk, fetched the first time its route renders, so the
// first load carries only what the play screen uses. The names match the screens they stand for.
import { paths } from '../lib/paths.ts';
import { lazyScreen } from './lazy-screen.ts';

export const AdminScreen = lazyScreen(paths.admin, () =>
  import('../features/admin/admin-screen.tsx').then((m) => m.AdminScreen),
);
export const GuildsScreen = lazyScreen(paths.guilds, () =>
  import('../features/guilds/guilds-screen.tsx').then((m) => m.GuildsScreen),
);
export const AboutScreen = lazyScreen(paths.about, () =>
  import('../features/info/about-screen.tsx').then((m) => m.AboutScreen),
);
export const RulesScreen = lazyScreen(paths.rules, () =>
  import('../features/info/rules-screen.tsx').then((m) => m.RulesScreen),
);
export const LeaderboardScreen = lazyScreen(paths.leaderboard, () =>
  import('../features/leaderboard/leaderboard-screen.tsx').then((m) => m.LeaderboardScreen),
);
export const ConfirmationScreen = lazyScreen(paths.confirmation, () =>
  import('../features/play/confirmation-screen.tsx').then((m) => m.ConfirmationScreen),
);
export const ProfileScreen = lazyScreen(paths.profile, () =>
  import('../features/profile/profile-screen.tsx').then((m) => m.ProfileScreen),
);
export const ReferralsScreen = lazyScreen(paths.referrals, () =>
  import('../features/referrals/referrals-screen.tsx').then((m) => m.ReferralsScreen),
);
export const RewardsScreen = lazyScreen(paths.rewards, () =>
  import('../features/rewards/rewards-screen.tsx').then((m) => m.RewardsScreen),
);
export const SignupScreen = lazyScreen(paths.signup, () =>
  import('../features/signup/signup-screen.tsx').then((m) => m.SignupScreen),
);
export const StatsScreen = lazyScreen(paths.stats, () =>
  import('../features/stats/stats-screen.tsx').then((m) => m.StatsScreen),
);
export const VerifyScreen = lazyScreen(paths.verify, () =>
  import('../features/verify/verify-screen.tsx').then((m) => m.VerifyScreen),
);
export const WinningsScreen = lazyScreen(paths.winnings, () =>
  import('../features/winnings/winnings-screen.tsx').then((m) => m.WinningsScreen),
);

// The screen a page opens on is loaded before the first render (web/main.tsx), found by its address.
export { loadScreenAt } from './lazy-screen.ts';
