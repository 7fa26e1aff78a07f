// React.lazy keeps a failed import as its answer for good: a screen whose chunk failed once (offline, a deploy in
// between) would fail on every later render. A lazy screen here is made afresh once the error boundary asks
// (TRY AGAIN, or the player moving to another address), so the chunk is imported again. Not at once on failure:
// React renders again right after an error, and a fresh import there would loop without ever showing the error.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

const failedScreens = new Set<() => void>();

/** Lets every lazy screen whose import failed try again on its next render. */
export function retryFailedScreens(): void {
  for (const reset of failedScreens) reset();
  failedScreens.clear();
}

export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const fresh = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failedScreens.add(() => (current = fresh()));
          throw error;
        },
      ),
    );
  let current = fresh();
  return function LazyScreen() {
    return createElement(current);
  };
}
