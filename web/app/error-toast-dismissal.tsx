// An error toast is about the action that failed: once any later action succeeds it is stale and goes.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDismissErrorToast } from '../components/ui/toast.tsx';

export function ErrorToastDismissal() {
  const queryClient = useQueryClient();
  const dismissError = useDismissErrorToast();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') dismissError();
      }),
    [queryClient, dismissError],
  );
  return null;
}
