// PRIZES: the weekly defaults (7 rows) and the date overrides.
import { messageOf } from '../../../lib/api-client.ts';
import { usePrizeConfig } from '../api/get-prize-config.ts';
import { splitPrizeConfig } from '../prize-config-rows.ts';
import { useErrorToast } from '../use-error-toast.ts';
import { DateOverrides } from './date-overrides.tsx';
import { WeeklyPrizeRow } from './weekly-prize-row.tsx';

export function PrizesTab() {
  const config = usePrizeConfig();
  useErrorToast(config.error, 'Error', 'Failed to load prize configuration');

  if (config.isLoading) return <p role="status">Loading prize configuration...</p>;
  if (config.data === undefined) {
    return (
      <div className="stack">
        <p className="alert" role="alert">
          {messageOf(config.error, 'Failed to load prize configuration')}
        </p>
        <button type="button" className="btn" onClick={() => void config.refetch()}>
          TRY AGAIN
        </button>
      </div>
    );
  }

  const { weekly, overrides } = splitPrizeConfig(config.data.prizes);

  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="weekly-defaults-title">
        <h3 id="weekly-defaults-title" className="card-title">
          WEEKLY PRIZE DEFAULTS
        </h3>
        {weekly.map((prize) => (
          // Keyed by the saved values, so a reload after SAVE or RESET restarts the row from what is stored.
          <WeeklyPrizeRow
            key={`${prize.dayOfWeek}:${prize.prizeType}:${prize.amountCents}:${prize.description}:${prize.isActive}`}
            prize={prize}
            dayOfWeek={prize.dayOfWeek ?? 0}
          />
        ))}
      </section>
      <DateOverrides overrides={overrides} />
    </div>
  );
}
