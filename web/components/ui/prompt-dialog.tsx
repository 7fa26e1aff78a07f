// A dialog asking for one line of text (Radix Dialog), used instead of window.prompt. Cancel does nothing.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from './form-field.tsx';

export interface PromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The input's visible label. */
  label: string;
  submitLabel: string;
  cancelLabel?: string;
  initialValue?: string;
  /** When set, a blank answer is refused with this message instead of reaching onSubmit. */
  requiredMessage?: string;
  pending?: boolean;
  /** An error from outside (the server's answer), shown under the input until the next submit. */
  error?: string | null;
  onSubmit: (value: string) => void;
}

export function PromptDialog(props: PromptDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          {/* Mounted only while open, so each opening starts from initialValue. */}
          <PromptForm {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PromptForm({
  title,
  description,
  label,
  submitLabel,
  cancelLabel = 'CANCEL',
  initialValue = '',
  requiredMessage,
  pending = false,
  error: outsideError = null,
  onSubmit,
}: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (requiredMessage !== undefined && value.trim() === '') {
      setError(requiredMessage);
      return;
    }
    setError(null);
    onSubmit(value);
  };
  return (
    <form className="stack" onSubmit={submit}>
      <Dialog.Title className="card-title">{title}</Dialog.Title>
      {description !== undefined ? (
        <Dialog.Description>{description}</Dialog.Description>
      ) : (
        <Dialog.Description className="sr-only">{label}</Dialog.Description>
      )}
      <FormField
        id={inputId}
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error ?? outsideError}
        autoFocus
      />
      <div className="row">
        <Dialog.Close asChild>
          <button type="button" className="btn" disabled={pending}>
            {cancelLabel}
          </button>
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
