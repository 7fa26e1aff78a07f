// The spec's not-found treatment: any unknown path, and a permalink to a game that does not exist.
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function NotFoundScreen() {
  usePageTitle('Page not found');
  return (
    <section className="page">
      <h1 className="page-title">Page not found</h1>
      <p>
        <Link className="link-target" to={paths.home}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
