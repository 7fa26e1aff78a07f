// The routed screen inside its error boundary and one Suspense boundary. Navigations run in a transition (React
// Router's BrowserRouter), so while a screen's chunk loads the current screen stays on view: no fallback flashes
// in, nothing shifts. The fallback shows only on a cold load of a lazy screen's address.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense
        fallback={
          <section className="page" aria-busy="true">
            <p className="muted">LOADING…</p>
          </section>
        }
      >
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
