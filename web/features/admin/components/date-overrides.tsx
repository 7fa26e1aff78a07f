// DATE-SPECIFIC OVERRIDES: add one (date and description required), list them, delete after confirming.
import { useState, type FormEvent } from 'react';
import type { PrizeConfigDto } from '../../../../server/routes/prizes.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCreateDatePrize } from '../api/create-date-prize.ts';
import { useDeleteDatePrize } from '../api/delete-date-prize.ts';
import { dollarsToCents } from '../prize-amount.ts';

export function DateOverrides({ overrides }: { overrides: PrizeConfigDto[] }) {
  const [date, setDate] = useState('');
  const [prizeType, setPrizeType] = useState<'cash' | 'voucher'>('cash');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const create = useCreateDatePrize();
  const remove = useDeleteDatePrize();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = date.trim();
    if (day === '' || description.trim() === '') {
      toast({ title: 'Validation Error', description: 'Date and description are required', variant: 'destructive' });
      return;
    }
    create.mutate(
      { date: day, prizeType, amountCents: dollarsToCents(amount), description: description.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: `Date override for ${day} created successfully` });
          setDate('');
          setAmount('');
          setDescription('');
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: messageOf(error, 'Failed to save date override'),
            variant: 'destructive',
          }),
      },
    );
  };
  const confirmDelete = () => {
    if (deleting === null) return;
    const day = deleting;
    remove.mutate(day, {
      onSuccess: () => toast({ title: 'Success', description: `Prize override for ${day} deleted successfully` }),
      onError: (error) =>
        toast({ title: 'Error', description: messageOf(error, 'Failed to delete override'), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className="card stack" aria-labelledby="date-overrides-title">
      <h3 id="date-overrides-title" className="card-title">
        DATE-SPECIFIC OVERRIDES
      </h3>
      <form className="stack" onSubmit={submit} noValidate aria-labelledby="add-override-title">
        <h4 id="add-override-title">ADD NEW OVERRIDE</h4>
        <div className="field">
          <label htmlFor="override-date">Date</label>
          <input
            id="override-date"
            className="input"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="override-type">Type</label>
          <select
            id="override-type"
            className="input"
            value={prizeType}
            onChange={(event) => setPrizeType(event.target.value === 'voucher' ? 'voucher' : 'cash')}
          >
            <option value="cash">CASH</option>
            <option value="voucher">VOUCHER</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="override-amount">Amount ($)</label>
          <input
            id="override-amount"
            className="input"
            type="number"
            step="0.01"
            min="0"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="override-description">Description</label>
          <input
            id="override-description"
            className="input"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'ADDING...' : 'ADD OVERRIDE'}
        </button>
      </form>
      <h4>EXISTING OVERRIDES ({overrides.length})</h4>
      {overrides.length === 0 ? (
        <p className="muted">No date-specific overrides configured</p>
      ) : (
        <ul className="stack" aria-label="Existing overrides">
          {overrides.map((override) => (
            <li key={override.id} className="row">
              <strong>{override.date === null ? '' : formatLongDate(override.date)}</strong>
              <span className="badge badge-accent">{override.prizeType.toUpperCase()}</span>
              <span>{formatMoney(override.amountCents, override.currency)}</span>
              <span>{override.description}</span>
              <button
                type="button"
                className="btn btn-danger btn-small"
                aria-label={`DELETE override for ${override.date ?? ''}`}
                onClick={() => setDeleting(override.date)}
              >
                DELETE
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="DELETE OVERRIDE?"
        description={`Delete prize override for ${deleting ?? ''}?`}
        confirmLabel="DELETE"
        pendingLabel="DELETING..."
        pending={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </section>
  );
}
