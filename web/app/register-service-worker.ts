/// <reference types="vite-plugin-pwa/client" />
// The service worker, built by vite-plugin-pwa with Workbox (vite.config.ts): it precaches the app shell and every
// built file, so the game opens offline once installed. Registered once the first screen is up, the page has loaded
// and the main thread is idle: the load event comes before the first render when that waits for its data, and
// loading the registration then (a chunk, Workbox's window script) would delay it. A new version waits until the
// player chooses to reload.
import { announceUpdate } from './app-update.ts';

/** Call once the first screen has rendered. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({ onNeedRefresh: () => announceUpdate(() => update(true)) });
    });
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? void requestIdleCallback(register, { timeout: 2_000 })
      : void setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
