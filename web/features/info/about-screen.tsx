// /about
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function AboutScreen() {
  usePageTitle('About');
  return (
    <section className="page">
      <h1 className="page-title">ABOUT</h1>
      <div className="card">
        <p>A simple daily game: smallest unique number wins at 10 AM AEST</p>
        <p>Pick a number, hope nobody else picks it, and come back tomorrow to try again.</p>
      </div>
      <p className="row">
        <Link className="btn" to={paths.rules}>
          READ THE RULES
        </Link>
        <Link className="btn btn-primary" to={paths.home}>
          PLAY GAME
        </Link>
      </p>
    </section>
  );
}
