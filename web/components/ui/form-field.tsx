// One labelled input with an optional hint and an optional error that the input points at for screen readers.
import type { InputHTMLAttributes } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  /** Always-visible help text under the input. */
  hint?: string;
  /** When set (not null or undefined), shown as an alert and the input is marked invalid. */
  error?: string | null;
}

export function FormField({ id, label, hint, error, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        {...input}
      />
      {hint !== undefined && <p className="muted">{hint}</p>}
      {invalid && (
        <p id={errorId} className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
