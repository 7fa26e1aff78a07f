// Browser entry: providers (query cache, toasts, router) around the route map.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerServiceWorker } from './app/register-service-worker.ts';
import { ErrorToastDismissal } from './app/error-toast-dismissal.tsx';
import { prefetchScreenData } from './app/prefetch-screen-data.ts';
import { loadScreenAt } from './app/lazy-screens.tsx';
import { AppRoutes } from './app/router.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');

/**
 * How long the first render may wait for the screen's data and, for a lazy screen, its code. The page's first script
 * usually has both in by the time this code runs, and one render with them costs a phone far less than a loading
 * pass then a second render; a slow answer still gets the loading state after this long.
 */
const FIRST_RENDER_WAIT_MS = 300;

const queryClient = createQueryClient();
// A promise chain, not top-level await: the bundler splits a module graph with top-level await into many chunks.
void Promise.race([
  Promise.all([prefetchScreenData(queryClient, window.location.pathname), loadScreenAt(window.location.pathname)]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ErrorToastDismissal />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  registerServiceWorker();
});
