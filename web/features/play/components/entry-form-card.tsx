// The number form: labels per entry state, client validation, signed-out redirect, server errors as an alert. A
// number that could not be sent (offline, server down) stays in the box, and the alert says so.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MyEntriesResponse } from '../../../../server/routes/entry.schemas.ts';
import type { NumberLimitsDto } from '../../../../server/routes/game.schemas.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { isNetworkError, messageOf, networkMessages } from '../../../lib/api-client.ts';
import { connectionNow } from '../../../lib/connection.ts';
import { paths } from '../../../lib/paths.ts';
import { useSubmitEntry } from '../api/submit-entry.ts';
import { checkPlayNumber, entryFormLabels } from '../entry-form.ts';
import { storePendingNumber, takePendingNumber } from '../pending-number.ts';

interface EntryFormCardProps {
  signedIn: boolean;
  /** Whether the player is signed in could not be asked (no network): submitting explains instead of going to sign in. */
  signInUnknown?: boolean;
  /** The game on screen: the pick is for this game and no other. */
  gameDate: string;
  /** The game's number limits and messages, as the server sent them. */
  limits: NumberLimitsDto;
  mine: MyEntriesResponse | null;
  onSubmitted: (number: number) => void;
}

export function EntryFormCard({
  signedIn,
  signInUnknown = false,
  gameDate,
  limits,
  mine,
  onSubmitted,
}: EntryFormCardProps) {
  const [raw, setRaw] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [unsent, setUnsent] = useState(false);
  const submit = useSubmitEntry();
  const navigate = useNavigate();
  const inputId = useId();
  const labels = entryFormLabels(mine);

  // Back from signing in: the number typed before it fills the form again.
  useEffect(() => {
    if (!signedIn) return;
    const pending = takePendingNumber();
    if (pending !== '') setRaw((current) => (current === '' ? pending : current));
  }, [signedIn]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setUnsent(false);
    if (!signedIn && (signInUnknown || connectionNow() === 'offline')) {
      setUnsent(true);
      return;
    }
    if (!signedIn) {
      storePendingNumber(raw);
      void navigate(paths.signup);
      return;
    }
    const checked = checkPlayNumber(raw, limits);
    if (!checked.ok) {
      setInputError(checked.message);
      return;
    }
    setInputError(null);
    submit.mutate(
      { number: checked.value, gameDate },
      {
        onSuccess: () => {
          setRaw('');
          onSubmitted(checked.value);
        },
      },
    );
  };

  const keptNote = 'Your number was not sent; it is still in the box. Submit again once you are back online.';
  const serverError = unsent
    ? `${connectionNow() === 'offline' ? networkMessages.offline : networkMessages.unreachable} ${keptNote}`
    : submit.error === null
      ? null
      : isNetworkError(submit.error)
        ? `${submit.error.message} ${keptNote}`
        : messageOf(submit.error, 'Failed to submit');
  return (
    <section className="card" aria-labelledby="entry-form-title">
      <h2 id="entry-form-title" className="card-title">
        PICK YOUR NUMBER
      </h2>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormField
          id={inputId}
          label={labels.label}
          type="number"
          inputMode="numeric"
          min={limits.minNumber}
          max={limits.maxNumber}
          step={1}
          placeholder="e.g. 7"
          value={raw}
          onChange={(event) => setRaw(event.target.value)}
          error={inputError}
        />
        {serverError !== null && (
          <div className="alert" role="alert">
            {serverError}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          {submit.isPending ? 'SUBMITTING…' : labels.button}
        </button>
      </form>
    </section>
  );
}
