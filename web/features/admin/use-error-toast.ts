// Shows a destructive toast once for each new failure of a query (spec-2 §8: failures appear as toasts).
import { useEffect } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { messageOf } from '../../lib/api-client.ts';

export function useErrorToast(error: unknown, title: string, fallback: string): void {
  const { toast } = useToast();
  useEffect(() => {
    if (error !== null && error !== undefined)
      toast({ title, description: messageOf(error, fallback), variant: 'destructive' });
  }, [error, title, fallback, toast]);
}
