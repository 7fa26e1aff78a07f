// Toasts: one at a time, 5000 ms, swipe right (50 px) dismisses, F8 focuses the region (spec-1 §9). The Radix region
// (toast-region.tsx) is its own chunk, loaded once a screen that can toast mounts or a toast is shown: the play
// screen never toasts, so its first load does without it.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { ShownToast, ToastInput } from './toast-content.ts';

interface ToastApi {
  toast: (input: ToastInput) => void;
  /** Takes an error toast off the screen (a later success makes it stale); other toasts stay. */
  dismissError: () => void;
  /** Brings the region in, so it is ready (and F8 works) before the first toast. */
  wantRegion: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const ToastRegion = lazy(() => import('./toast-region.tsx').then((m) => ({ default: m.ToastRegion })));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const [regionWanted, setRegionWanted] = useState(false);

  // A new toast replaces the shown one: a fresh key remounts it with a fresh timer.
  const toast = useCallback((input: ToastInput) => {
    setCurrent((previous) => ({ ...input, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
    setRegionWanted(true);
  }, []);
  const dismissError = useCallback(() => {
    setCurrent((previous) => (previous?.variant === 'destructive' ? null : previous));
  }, []);
  const wantRegion = useCallback(() => setRegionWanted(true), []);
  const value = useMemo(() => ({ toast, dismissError, wantRegion }), [toast, dismissError, wantRegion]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {regionWanted && (
        // The region is fixed-position: nothing to hold its place while it loads.
        <Suspense fallback={null}>
          <ToastRegion current={current} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): Pick<ToastApi, 'toast'> {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast needs a ToastProvider');
  useEffect(() => api.wantRegion(), [api]);
  return { toast: api.toast };
}

/** Dismisses a shown error toast, without bringing in the region (the app shell uses it on every screen). */
export function useDismissErrorToast(): () => void {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useDismissErrorToast needs a ToastProvider');
  return api.dismissError;
}
