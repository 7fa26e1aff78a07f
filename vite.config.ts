// Vite builds the web app from web/ into dist/web and, in development, forwards API calls to the server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';

const server = 'http://localhost:3000';

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      // /admin is both a screen of the app and the admin API: page loads stay with Vite.
      '/admin': {
        target: server,
        bypass: (req) => (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
});
