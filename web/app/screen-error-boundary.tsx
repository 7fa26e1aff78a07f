// What a screen shows when it cannot render: its code did not load (offline, server down, a new version deployed)
// or it failed. Never a blank page: a heading, what happened in words, and TRY AGAIN, which renders the screen
// afresh (a lazy screen imports its chunk again, see lazy-screen.ts).
import { Component, Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { connectionNow, reportRequest } from '../lib/connection.ts';
import { networkMessages } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { retryFailedScreens } from './lazy-screen.ts';

/** The messages browsers give a dynamic import that failed: Chromium, Firefox, Safari; Vite's own preload error. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

interface ScreenErrorBoundaryProps {
  children: ReactNode;
  /** The address: a new one clears the error, so leaving a screen that failed leaves its error behind. */
  resetKey: string;
}

interface ScreenErrorBoundaryState {
  error: unknown;
  attempt: number;
}

export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ScreenErrorBoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    // A chunk that did not arrive is a request that got no answer: the offline banner says so too.
    if (isChunkLoadError(error)) reportRequest(false);
  }

  override componentDidUpdate(previous: ScreenErrorBoundaryProps): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.retry();
  }

  private readonly retry = () => {
    retryFailedScreens();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    const { error, attempt } = this.state;
    // A fresh key per attempt: the screen mounts anew rather than resuming a broken tree.
    if (error === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    const chunk = isChunkLoadError(error);
    const connection = connectionNow();
    const message = !chunk
      ? 'Something went wrong while showing this screen. Try again; if it keeps happening, reload the page.'
      : connection === 'offline'
        ? `This screen could not load. ${networkMessages.offline}`
        : `This screen could not load. ${networkMessages.unreachable}`;
    return (
      <section className="page">
        <h1 className="page-title">{chunk ? 'SCREEN NOT LOADED' : 'SOMETHING WENT WRONG'}</h1>
        <div className="alert" role="alert">
          {message}
        </div>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={this.retry}>
            TRY AGAIN
          </button>
          <Link className="btn" to={paths.home}>
            GO TO THE GAME
          </Link>
        </div>
      </section>
    );
  }
}
