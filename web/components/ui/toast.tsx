// Radix toasts: one at a time, 5000 ms, swipe right (50 px) dismisses, F8 focuses the region (spec-1 §9).
import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastInput {
  id: number;
}

interface ToastApi {
  toast: (input: ToastInput) => void;
  /** Takes an error toast off the screen (a later success makes it stale); other toasts stay. */
  dismissError: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);

  // A new toast replaces the shown one: a fresh key remounts it with a fresh timer.
  const toast = useCallback((input: ToastInput) => {
    setCurrent((previous) => ({ ...input, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const dismissError = useCallback(() => {
    setCurrent((previous) => (previous?.variant === 'destructive' ? null : previous));
  }, []);
  const value = useMemo(() => ({ toast, dismissError }), [toast, dismissError]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current !== null && (
          <Toast.Root
            key={current.id}
            open={open}
            onOpenChange={setOpen}
            className={current.variant === 'destructive' ? 'toast toast-destructive' : 'toast'}
            type={current.variant === 'destructive' ? 'foreground' : 'background'}
          >
            <Toast.Title className="toast-title">{current.title}</Toast.Title>
            {current.description !== undefined && <Toast.Description className="toast-description">{current.description}</Toast.Description>}
            <Toast.Close className="btn btn-small" aria-label="Dismiss notification">
              ✕
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast needs a ToastProvider');
  return api;
}
