// News from the service worker (register-service-worker.ts): a new version of the app is installed and waits for
// the player's RELOAD.
import { useSyncExternalStore } from 'react';

let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** The function that activates the waiting version and reloads the page. */
export function announceUpdate(apply: () => Promise<void>): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The function that activates the waiting version and reloads, or null while there is none. */
export function useAppUpdate(): (() => Promise<void>) | null {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => null,
  );
}
