// React.lazy keeps a failed import as its answer for good: a screen whose chunk failed once (offline, a deploy in
// between) would fail on every later render. A lazy screen here starts afresh after a failure, so the error
// boundary's TRY AGAIN imports the chunk again.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const fresh = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = fresh();
          throw error;
        },
      ),
    );
  let current = fresh();
  return function LazyScreen() {
    return createElement(current);
  };
}
