// The route map of spec-1 §2: every screen, the redirects, and the not-found screen.
import { Navigate, Route, Routes } from 'react-router';
import { PlayScreen } from '../features/play/play-screen.tsx';
import { paths } from '../lib/paths.ts';
import { AppShell } from './app-shell.tsx';
import {
  AboutScreen,
  AdminScreen,
  ConfirmationScreen,
  GuildsScreen,
  LeaderboardScreen,
  ProfileScreen,
  ReferralsScreen,
  RewardsScreen,
  RulesScreen,
  SignupScreen,
  StatsScreen,
  VerifyScreen,
  WinningsScreen,
} from './lazy-screens.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path={paths.home} element={<PlayScreen />} />
        <Route path={paths.submit} element={<PlayScreen />} />
        <Route path={paths.homeAlias} element={<Navigate to={paths.home} replace />} />
        <Route path={paths.signup} element={<SignupScreen />} />
        <Route path={paths.confirmation} element={<ConfirmationScreen />} />
        <Route path={paths.stats} element={<StatsScreen />} />
        <Route path={paths.statsGame} element={<StatsScreen />} />
        <Route path={paths.results} element={<Navigate to={paths.stats} replace />} />
        <Route path={paths.history} element={<Navigate to={paths.stats} replace />} />
        <Route path={paths.leaderboard} element={<LeaderboardScreen />} />
        <Route path={paths.rules} element={<RulesScreen />} />
        <Route path={paths.about} element={<AboutScreen />} />
        <Route path={paths.referrals} element={<ReferralsScreen />} />
        <Route path={paths.rewards} element={<RewardsScreen />} />
        <Route path={paths.winnings} element={<WinningsScreen />} />
        <Route path={paths.profile} element={<ProfileScreen />} />
        <Route path={paths.guilds} element={<GuildsScreen />} />
        <Route path={paths.admin} element={<AdminScreen />} />
        <Route path={paths.verify} element={<VerifyScreen />} />
        <Route path={paths.verifyGame} element={<VerifyScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
