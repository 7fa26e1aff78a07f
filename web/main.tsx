// Browser entry: providers (query cache, toasts, router) around the route map.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { prefetchScreenData } from './app/prefetch-screen-data.ts';
import { AppRoutes } from './app/router.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');

const queryClient = createQueryClient();
prefetchScreenData(queryClient, window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
