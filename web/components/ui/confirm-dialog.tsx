// A confirmation dialog (Radix Dialog) used instead of window.confirm, so it is styled and testable.
import * as Dialog from '@radix-ui/react-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'CANCEL',
  pendingLabel,
  pending = false,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <Dialog.Title className="card-title">{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          <div className="row">
            <Dialog.Close asChild>
              <button type="button" className="btn" disabled={pending}>
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={destructive ? 'btn btn-danger' : 'btn btn-primary'}
              disabled={pending}
              onClick={onConfirm}
            >
              {pending && pendingLabel !== undefined ? pendingLabel : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
