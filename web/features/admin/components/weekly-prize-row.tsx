// One weekday of WEEKLY PRIZE DEFAULTS: edit then SAVE, or RESET to the built-in default after confirming.
import { useState, type FormEvent } from 'react';
import type { PrizeConfigDto } from '../../../../server/routes/prizes.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money.ts';
import { weekdayName } from '../../../lib/weekday.ts';
import { useResetWeeklyPrize } from '../api/reset-weekly-prize.ts';
import { useSaveWeeklyPrize } from '../api/save-weekly-prize.ts';
import { centsToDollarsInput, dollarsToCents } from '../prize-amount.ts';

export function WeeklyPrizeRow({ prize, dayOfWeek }: { prize: PrizeConfigDto; dayOfWeek: number }) {
  const day = weekdayName(dayOfWeek);
  const [prizeType, setPrizeType] = useState(prize.prizeType);
  const [amount, setAmount] = useState(centsToDollarsInput(prize.amountCents));
  const [description, setDescription] = useState(prize.description);
  const [isActive, setIsActive] = useState(prize.isActive);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const save = useSaveWeeklyPrize();
  const reset = useResetWeeklyPrize();
  const { toast } = useToast();
  const idPrefix = `weekly-${dayOfWeek}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { dayOfWeek, prizeType, amountCents: dollarsToCents(amount), description: description.trim(), isActive },
      {
        onSuccess: () => toast({ title: 'Success', description: `${day} prize updated successfully` }),
        onError: (error) =>
          toast({ title: 'Error', description: messageOf(error, 'Failed to save prize'), variant: 'destructive' }),
      },
    );
  };
  const confirmReset = () => {
    reset.mutate(dayOfWeek, {
      onSuccess: () => toast({ title: 'Success', description: `${day} prize reset to default` }),
      onError: (error) =>
        toast({ title: 'Error', description: messageOf(error, 'Failed to reset prize'), variant: 'destructive' }),
      onSettled: () => setConfirmingReset(false),
    });
  };

  return (
    <form className="admin-prize-row" onSubmit={submit} noValidate aria-label={`${day} prize`}>
      <p className="card-title">{day}</p>
      <div className="field">
        <label htmlFor={`${idPrefix}-type`}>Type</label>
        <select
          id={`${idPrefix}-type`}
          className="input"
          value={prizeType}
          onChange={(event) => setPrizeType(event.target.value === 'voucher' ? 'voucher' : 'cash')}
        >
          <option value="cash">CASH</option>
          <option value="voucher">VOUCHER</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-amount`}>Amount ($)</label>
        <input
          id={`${idPrefix}-amount`}
          className="input"
          type="number"
          step="0.01"
          min="0"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-description`}>Description</label>
        <input
          id={`${idPrefix}-description`}
          className="input"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
        Prize Active
      </label>
      <div className="row">
        <button type="submit" className="btn btn-primary btn-small" disabled={save.isPending}>
          {save.isPending ? 'SAVING...' : 'SAVE'}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={reset.isPending}
          onClick={() => setConfirmingReset(true)}
        >
          RESET
        </button>
      </div>
      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={(open) => {
          if (!reset.isPending) setConfirmingReset(open);
        }}
        title="RESET PRIZE?"
        description={
          prize.defaultAmountCents === null
            ? `Reset ${day} prize to default?`
            : `Reset ${day} prize to default (${formatMoney(prize.defaultAmountCents, prize.currency)})?`
        }
        confirmLabel="RESET"
        pendingLabel="RESETTING..."
        pending={reset.isPending}
        onConfirm={confirmReset}
      />
    </form>
  );
}
