// The Radix part of the toasts: the region (F8 focuses it) and the one toast shown. Loaded on demand by toast.tsx.
import * as Toast from '@radix-ui/react-toast';
import type { ShownToast } from './toast-content.ts';

export function ToastRegion({
  current,
  open,
  onOpenChange,
}: {
  current: ShownToast | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {current !== null && (
        <Toast.Root
          key={current.id}
          open={open}
          onOpenChange={onOpenChange}
          className={current.variant === 'destructive' ? 'toast toast-destructive' : 'toast'}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <Toast.Title className="toast-title">{current.title}</Toast.Title>
          {current.description !== undefined && (
            <Toast.Description className="toast-description">{current.description}</Toast.Description>
          )}
          <Toast.Close className="btn btn-small" aria-label="Dismiss notification">
            ✕
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  );
}
