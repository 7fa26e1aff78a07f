// Renders a component inside the app's providers for tests: a fresh QueryClient (me pre-seeded), a MemoryRouter, toasts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { ErrorToastDismissal } from '../app/error-toast-dismissal.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { meKeys } from '../api/query-keys.ts';

export interface RenderOptions {
  route?: string;
  /** The signed-in user; null (the default) means signed out; 'unknown' leaves /api/me to the (fake) server. */
  me?: MeResponse | null | 'unknown';
  queryClient?: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? createQueryClient();
  if (options.me !== 'unknown') queryClient.setQueryData(meKeys.me(), options.me ?? null);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ErrorToastDismissal />
        <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
