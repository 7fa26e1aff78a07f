// CLOSED GAMES: the games whose records can be checked, newest first, each a link to its check.
import { Link } from 'react-router';
import { useHistory } from '../../api/get-history.ts';
import { messageOf } from '../../lib/api-client.ts';
import { verifyForGame } from '../../lib/paths.ts';

const CLOSED_GAMES_LISTED = 100;

export function ClosedGames() {
  const history = useHistory(CLOSED_GAMES_LISTED);
  const closed = history.data?.items.filter((item) => item.status === 'closed') ?? [];
  return (
    <section className="card" aria-labelledby="closed-games-title">
      <h2 id="closed-games-title" className="card-title">
        CLOSED GAMES
      </h2>
      {/* A box of one height whatever arrives (scrolling past four rows of dates), so the card below never moves. */}
      <div className="verify-games-box">
        {history.isLoading && <p role="status">Loading the closed games…</p>}
        {history.isError && (
          <div className="alert" role="alert">
            {messageOf(history.error, 'The closed games could not be loaded.')}
          </div>
        )}
        {history.data !== undefined && closed.length === 0 && <p className="muted">No game has closed yet.</p>}
        {closed.length > 0 && (
          <ul className="verify-games" aria-label="Closed games, newest first">
            {closed.map((item) => (
              <li key={item.gameDate}>
                <Link className="btn" to={verifyForGame(item.gameDate)}>
                  {item.gameDate}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
