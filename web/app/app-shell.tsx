// The frame around every screen: a skip link, the header with the title, the navigation bar, the connection and
// update banners, then the routed content.
import { useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/me.ts';
import { useProcessPendingReferral } from '../api/pending-referral.ts';
import { paths } from '../lib/paths.ts';
import { ConnectionBanner, UpdatePrompt } from './connection-banner.tsx';
import { Navigation } from './navigation.tsx';
import { ScreenOutlet } from './screen-outlet.tsx';
import { useHeadingFocus } from './use-heading-focus.ts';

export function AppShell() {
  const { user, isLoading } = useMe();
  useProcessPendingReferral(user);
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  // Focus moves into the content without touching the address (the router owns it).
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <>
      <a className="skip-link" href="#main" onClick={skip}>
        Skip to main content
      </a>
      <header className="site-header">
        <p className="site-title">
          <Link to={paths.home}>LOWEST UNIQUE</Link>
        </p>
      </header>
      <Navigation user={isLoading ? undefined : user} />
      <main id="main" ref={main} tabIndex={-1}>
        <UpdatePrompt />
        <ConnectionBanner />
        <ScreenOutlet />
      </main>
    </>
  );
}
