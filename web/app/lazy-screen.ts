// React.lazy keeps a failed import as its answer for good: a screen whose chunk failed once (offline, a deploy in
// between) would fail on every later render. A lazy screen here is made afresh once the error boundary asks
// (TRY AGAIN, or the player moving to another address), so the chunk is imported again. Not at once on failure:
// React renders again right after an error, and a fresh import there would loop without ever showing the error.
// A screen loaded before its first render (`load`, for the screen the page opens on) renders at once: no loading
// state, and none of the wait React puts between a loading state and the content that replaces it.
import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

const failedScreens = new Set<() => void>();

/** Lets every lazy screen whose import failed try again on its next render. */
export function retryFailedScreens(): void {
  for (const reset of failedScreens) reset();
  failedScreens.clear();
}

export type LazyScreen = (() => ReactElement) & {
  /** Imports the screen now; once it is in, the screen renders without suspending. */
  load(): Promise<void>;
};

/** Each lazy screen under the first segment of its address (`/verify` for /verify/…). */
const screensAt = new Map<string, LazyScreen>();

/** Loads the lazy screen at `pathname` now, if there is one (the play screen is not lazy); never fails. */
export function loadScreenAt(pathname: string): Promise<void> {
  return (
    screensAt
      .get(`/${pathname.split('/')[1] ?? ''}`)
      ?.load()
      .catch(() => undefined) ?? Promise.resolve()
  );
}

/** The screen at `address` (a first segment: `/verify` for /verify and /verify/{gameKey}), imported by `load`. */
export function lazyScreen(address: string, load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | null = null;
  const fresh = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().then(
        (component) => {
          loaded = component;
          return { default: component };
        },
        (error: unknown) => {
          failedScreens.add(() => (current = fresh()));
          throw error;
        },
      ),
    );
  let current = fresh();
  function Screen() {
    return createElement(loaded ?? current);
  }
  Screen.load = () =>
    load().then((component) => {
      loaded = component;
    });
  screensAt.set(address, Screen);
  return Screen;
}
