// /confirmation: the player's first number today, if any.
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../api/me.ts';
import { useMyEntries } from './api/get-my-entries.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function ConfirmationScreen() {
  usePageTitle('Submission');
  const { user, isLoading: meLoading } = useMe();
  const mine = useMyEntries(user !== null);
  const first = mine.data?.entries[0];
  const loading = meLoading || (user !== null && mine.isLoading);
  return (
    <section className="page">
      <h1 className="page-title">SUBMISSION</h1>
      {loading ? (
        <p>Loading…</p>
      ) : first === undefined ? (
        <p>No submission found for today.</p>
      ) : (
        <div className="card card-accent">
          <h2 className="card-title">YOUR NUMBER</h2>
          <p className="big-number">{first.number}</p>
          <p>Good luck! Results come when the game closes.</p>
        </div>
      )}
      <p className="row">
        <Link className="btn" to={paths.home}>
          PLAY GAME
        </Link>
        <Link className="btn" to={paths.stats}>
          STATISTICS
        </Link>
      </p>
    </section>
  );
}
