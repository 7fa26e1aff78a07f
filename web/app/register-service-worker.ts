/// <reference types="vite-plugin-pwa/client" />
// The service worker, built by vite-plugin-pwa with Workbox (vite.config.ts): it precaches the app shell and every
// built file, so the game opens offline once installed. Registered after the page has loaded, so it never competes
// with the first screen for the network; a new version waits until the player chooses to reload.
import { announceUpdate } from './app-update.ts';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({ onNeedRefresh: () => announceUpdate(() => update(true)) });
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
