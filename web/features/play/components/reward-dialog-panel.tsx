// The Peak, Mine and How Many dialogs' Radix part: the dialog, its form, then the result. Its own chunk, loaded
// the first time a player reaches for a reward (reward-dialog.tsx), so the play screen's first load does without it.
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import type { NumberLimitsDto } from '../../../../server/routes/game.schemas.ts';
import type { RewardTypeDto } from '../../../../server/routes/rewards.schemas.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { rewardSpecs, type RewardResult } from './reward-specs.ts';

export function RewardDialogPanel({
  type,
  available,
  howToEarn,
  limits,
  open,
  onOpenChange,
  trigger,
}: {
  type: RewardTypeDto;
  /** With none of this reward, the dialog says how to earn one instead of showing the form. */
  available: number;
  /** The server's "how to earn" text ('' when it has none). */
  howToEarn: string;
  /** The open game's number limits and messages. */
  limits: NumberLimitsDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns on close: the button that opened it (there is no Dialog.Trigger to do it). */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          {/* Mounted only while open, so every opening starts at the form. */}
          {available > 0 ? (
            <RewardFlow type={type} limits={limits} onDone={() => onOpenChange(false)} />
          ) : (
            <HowToEarn type={type} howToEarn={howToEarn} limits={limits} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** With none of the reward left, pressing USE explains how to earn one rather than answering with an error. */
function HowToEarn({ type, howToEarn, limits }: { type: RewardTypeDto; howToEarn: string; limits: NumberLimitsDto }) {
  const spec = rewardSpecs[type];
  return (
    <div className="stack">
      <Dialog.Title className="card-title">NO {spec.title} YET</Dialog.Title>
      <Dialog.Description asChild>
        <div className="stack">
          <p>{spec.explanation(limits)}</p>
          {/* The server's rule text (core/rewards); absent only while the rewards are still loading. */}
          {howToEarn !== '' && (
            <p>
              <strong>How to earn one:</strong> {howToEarn}.
            </p>
          )}
        </div>
      </Dialog.Description>
      <Dialog.Close asChild>
        <button type="button" className="btn btn-primary">
          CLOSE
        </button>
      </Dialog.Close>
    </div>
  );
}

function RewardFlow({ type, limits, onDone }: { type: RewardTypeDto; limits: NumberLimitsDto; onDone: () => void }) {
  const spec = rewardSpecs[type];
  const [raw, setRaw] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: spec.run });
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let number = 0;
    if (spec.check !== null) {
      const checked = spec.check(raw, limits);
      if (!checked.ok) {
        setInputError(checked.message);
        return;
      }
      number = checked.value;
    }
    setInputError(null);
    mutation.mutate(number);
  };

  if (mutation.data !== undefined) {
    return (
      <div className="stack">
        <Dialog.Title className="card-title">{spec.title} RESULT</Dialog.Title>
        <Dialog.Description asChild>
          <div className="stack" role="status">
            <RewardResultView result={mutation.data} />
          </div>
        </Dialog.Description>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          CLOSE
        </button>
      </div>
    );
  }

  const error = inputError ?? (mutation.error !== null ? messageOf(mutation.error, spec.fallbackError) : null);
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Dialog.Title className="card-title">USE {spec.title}</Dialog.Title>
      <Dialog.Description>{spec.explanation(limits)}</Dialog.Description>
      {spec.check !== null && (
        <div className="field">
          <label htmlFor={inputId}>NUMBER</label>
          <input
            id={inputId}
            className="input"
            type="number"
            inputMode="numeric"
            // The same min for Peak and Mine (spec-1 §5); Mine's own floor is a validation message.
            min={limits.minNumber}
            max={limits.maxNumber}
            step={1}
            value={raw}
            onChange={(event) => setRaw(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            autoFocus
          />
        </div>
      )}
      {error !== null && (
        <p id={errorId} className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <Dialog.Close asChild>
          <button type="button" className="btn">
            CANCEL
          </button>
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? spec.pendingLabel : spec.actionLabel}
        </button>
      </div>
    </form>
  );
}

function RewardResultView({ result }: { result: RewardResult }) {
  switch (result.kind) {
    case 'peak':
      return (
        <>
          <p className="big-number">{result.number}</p>
          <p>
            <strong>
              {result.data.numberChosen
                ? 'TAKEN: someone has already picked this number.'
                : 'FREE: nobody has picked this number yet.'}
            </strong>
          </p>
          <p>{result.data.message}</p>
        </>
      );
    case 'mine':
      return <p>{result.data.message}</p>;
    case 'how_many':
      return (
        <>
          <p>
            Numbers picked so far: <strong>{result.data.totalNumbers}</strong>
          </p>
          <p>
            Unique so far: <strong>{result.data.uniqueNumbers}</strong>
          </p>
          <p>{result.data.message}</p>
        </>
      );
  }
}
