import { formatMoney } from '../../../lib/money.ts';
import { formatWeekday } from '../../../lib/dates.ts';
import { usePrizeForDate } from '../api/get-prize-for-date.ts';

/** The prize of a game date, or a no-prize card when that weekday has none. */
export function PrizeCard({ date }: { date: string }) {
  const prize = usePrizeForDate(date);
  if (prize.isLoading) {
    return (
      <section className="card" aria-busy="true">
        <h2 className="card-title">TODAY&apos;S PRIZE</h2>
        <p>Loading prize…</p>
      </section>
    );
  }
  if (prize.data === undefined) {
    return (
      <section className="card">
        <h2 className="card-title">TODAY&apos;S PRIZE</h2>
        <p className="muted">Prize information unavailable.</p>
      </section>
    );
  }
  if (prize.data.status === 'disabled') {
    return (
      <section className="card">
        <h2 className="card-title">NO PRIZE TODAY</h2>
        <p>{prize.data.message ?? `No prizes are currently offered on ${formatWeekday(date)}s`}</p>
      </section>
    );
  }
  const { prize: details } = prize.data;
  return (
    <section className="card">
      <h2 className="card-title">TODAY&apos;S PRIZE</h2>
      <p className="big-number">{formatMoney(details.amountCents, details.currency)}</p>
      <p>
        <span className="badge badge-accent">{details.prizeType === 'cash' ? 'CASH' : 'GIFT CARD VOUCHER'}</span>{' '}
        {details.description}
      </p>
    </section>
  );
}
