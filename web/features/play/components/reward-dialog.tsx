// The Peak, Mine and How Many dialogs: a form, then the result, then close (which refetches rewards).
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { RewardTypeDto, UseHowManyResponse, UseMineResponse, UsePeakResponse } from '../../../../server/contract.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { myRewardsQueryKey } from '../../rewards/api/get-my-rewards.ts';
import { applyHowMany, applyMine, applyPeak } from '../api/apply-reward.ts';
import { checkMineNumber, checkPeakNumber, maxEntryNumber, type NumberCheck } from '../entry-form.ts';

type RewardResult = { kind: 'peak'; number: number; data: UsePeakResponse } | { kind: 'mine'; data: UseMineResponse } | { kind: 'how_many'; data: UseHowManyResponse };

interface RewardSpec {
  title: string;
  explanation: string;
  /** How to earn one, when the server's configuration gives no text. */
  howToEarn: string;
  /** The number check, or null when the reward takes no input. */
  check: ((raw: string) => NumberCheck) | null;
  actionLabel: string;
  pendingLabel: string;
  fallbackError: string;
  run: (number: number) => Promise<RewardResult>;
}

export const rewardSpecs: Record<RewardTypeDto, RewardSpec> = {
  peak: {
    title: 'PEAK',
    explanation: 'Peek at one number: find out whether anyone has already picked it today.',
    howToEarn: 'Pick a unique number that does not win',
    check: checkPeakNumber,
    actionLabel: 'PEAK AT NUMBER',
    pendingLabel: 'PEAKING…',
    fallbackError: 'Failed to use Peak reward',
    run: async (number) => ({ kind: 'peak', number, data: await applyPeak(number) }),
  },
  mine: {
    title: 'MINE',
    explanation: 'Lay a mine on a number of 10 or more: at the close every pick of it is knocked out. Once per game.',
    howToEarn: 'Play 7 days in a row',
    check: checkMineNumber,
    actionLabel: 'LAY MINE',
    pendingLabel: 'LAYING MINE…',
    fallbackError: 'Failed to use Mine reward',
    run: async (number) => ({ kind: 'mine', data: await applyMine(number) }),
  },
  how_many: {
    title: 'HOW MANY',
    explanation: "See how many numbers have been picked today and how many of them are unique so far.",
    howToEarn: 'Play 3 days in a row',
    check: null,
    actionLabel: 'REVEAL COUNTS',
    pendingLabel: 'COUNTING…',
    fallbackError: 'Failed to use How Many reward',
    run: async () => ({ kind: 'how_many', data: await applyHowMany() }),
  },
};

interface RewardDialogProps {
  type: RewardTypeDto;
  /** How many of this reward the player holds: with none, the dialog says how to earn one instead of a form. */
  available: number;
  /** The server's "how to earn" text for this reward ('' when it has none). */
  howToEarn: string;
  trigger: ReactNode;
}

export function RewardDialog({ type, available, howToEarn, trigger }: RewardDialogProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) void queryClient.invalidateQueries({ queryKey: myRewardsQueryKey });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          {/* Mounted only while open, so every opening starts at the form. */}
          {available > 0 ? <RewardFlow type={type} onDone={() => onOpenChange(false)} /> : <HowToEarn type={type} howToEarn={howToEarn} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** With none of the reward left, pressing USE explains how to earn one rather than answering with an error. */
function HowToEarn({ type, howToEarn }: { type: RewardTypeDto; howToEarn: string }) {
  const spec = rewardSpecs[type];
  return (
    <div className="stack">
      <Dialog.Title className="card-title">NO {spec.title} YET</Dialog.Title>
      <Dialog.Description asChild>
        <div className="stack">
          <p>{spec.explanation}</p>
          <p>
            <strong>How to earn one:</strong> {howToEarn !== '' ? howToEarn : spec.howToEarn}.
          </p>
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

function RewardFlow({ type, onDone }: { type: RewardTypeDto; onDone: () => void }) {
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
      const checked = spec.check(raw);
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
      <Dialog.Description>{spec.explanation}</Dialog.Description>
      {spec.check !== null && (
        <div className="field">
          <label htmlFor={inputId}>NUMBER</label>
          <input
            id={inputId}
            className="input"
            type="number"
            inputMode="numeric"
            // min 1 for Peak and Mine alike (spec-1 §5); Mine's floor of 10 is a validation message.
            min={1}
            max={maxEntryNumber}
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
            <strong>{result.data.numberChosen ? 'TAKEN: someone has already picked this number.' : 'FREE: nobody has picked this number yet.'}</strong>
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
