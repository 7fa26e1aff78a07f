// The routed screen inside one Suspense boundary that lives as long as the shell. Navigations run in a transition
// (React Router's BrowserRouter), so while a screen's chunk loads the current screen stays on view: no fallback
// flashes in, nothing shifts. The fallback shows only on a cold load of a lazy screen's address.
import { Suspense } from 'react';
import { Outlet } from 'react-router';

export function ScreenOutlet() {
  return (
    <Suspense
      fallback={
        <section className="page" aria-busy="true">
          <p className="muted">LOADING…</p>
        </section>
      }
    >
      <Outlet />
    </Suspense>
  );
}
