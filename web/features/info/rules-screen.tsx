// /rules: how to play and the official rules (spec-1 §2).
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function RulesScreen() {
  usePageTitle('Rules');
  return (
    <section className="page">
      <h1 className="page-title">RULES</h1>
      <section className="card" aria-labelledby="how-to-play">
        <h2 id="how-to-play" className="card-title">
          HOW TO PLAY
        </h2>
        <ol className="steps">
          <li>Pick a whole number greater than 0.</li>
          <li>Submit it before the deadline.</li>
          <li>The lowest unique number wins.</li>
          <li>Earn rewards and prizes.</li>
        </ol>
      </section>
      <section className="card" aria-labelledby="official-rules">
        <h2 id="official-rules" className="card-title">
          OFFICIAL RULES
        </h2>
        <ul className="steps">
          <li>Pick a whole number greater than zero.</li>
          <li>Games open and close on a 24 hour cycle.</li>
          <li>The number closest to zero not chosen by anyone else wins.</li>
          <li>If no number is unique, there is no winner that day.</li>
          <li>One submission per account per day, and the pick cannot be changed.</li>
        </ul>
      </section>
      <Link className="btn btn-primary" to={paths.home}>
        PLAY GAME
      </Link>
    </section>
  );
}
