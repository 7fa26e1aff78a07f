// The SYSTEM tab's writes: POST /admin/daily-close, /admin/compute/{date} and /admin/open/{date}. Each answers a
// JSON object shown raw. Closing or opening a game changes nearly everything players see (today's game, entries,
// history, statistics, leaderboards, winnings, rewards), so every cached answer reloads afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export type SystemOperation =
  { kind: 'daily-close' } | { kind: 'compute'; date: string } | { kind: 'open'; date: string };

export function systemOperationPath(operation: SystemOperation): string {
  switch (operation.kind) {
    case 'daily-close':
      return '/admin/daily-close';
    case 'compute':
      return `/admin/compute/${encodeURIComponent(operation.date)}`;
    case 'open':
      return `/admin/open/${encodeURIComponent(operation.date)}`;
  }
}

export function runSystemOperation(operation: SystemOperation): Promise<unknown> {
  return apiFetch<unknown>(systemOperationPath(operation), { method: 'POST' });
}

export function useRunSystemOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSystemOperation,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
