// The frame around every screen: header with the title, the navigation bar, then the routed content.
import { Link } from 'react-router';
import { useMe } from '../features/auth/use-me.ts';
import { useProcessPendingReferral } from '../features/referrals/pending-referral.ts';
import { paths } from '../lib/paths.ts';
import { Navigation } from './navigation.tsx';
import { ScreenOutlet } from './screen-outlet.tsx';

export function AppShell() {
  const { user, isLoading } = useMe();
  useProcessPendingReferral(user);
  return (
    <>
      <header className="site-header">
        <p className="site-title">
          <Link to={paths.home}>LOWEST UNIQUE</Link>
        </p>
      </header>
      <Navigation user={isLoading ? undefined : user} />
      <main id="main">
        <ScreenOutlet />
      </main>
    </>
  );
}
