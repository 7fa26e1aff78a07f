// Vite builds the web app from web/ into dist/web and, in development, forwards API calls to the server.
// Two entries: the app (index.html) and the early-requests script that index.html runs first. The service worker
// (vite-plugin-pwa, Workbox) precaches the app shell and every built file, and nothing of the API.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyScript } from './scripts/early-script-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { productionBuild } from './scripts/production-build-plugin.ts';

const server = 'http://localhost:3000';
const web = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

export default defineConfig({
  root: 'web',
  plugins: [
    productionBuild(),
    react(),
    earlyScript('early-requests'),
    VitePWA({
      // web/public/manifest.webmanifest is the manifest; web/app/app-update.ts registers the worker and prompts.
      manifest: false,
      injectRegister: null,
      registerType: 'prompt',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Any screen's address opened offline gets the app shell; the server's own paths never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/(metrics|healthz|readyz)$/],
        // No runtime caching: API answers carry players' data and go to the network only.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rolldownOptions: { input: { index: web('index.html'), 'early-requests': web('early-requests.ts') } },
  },
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      // /admin is both a screen of the app and the admin API: page loads stay with Vite.
      '/admin': {
        target: server,
        bypass: (req) =>
          req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
      },
    },
  },
});
