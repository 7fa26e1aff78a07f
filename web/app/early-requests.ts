// The first screen's data, asked for by the page's first script (web/early-requests.ts) while the app's code is
// still downloading, so the answers are in when the app starts. The app's one HTTP client (lib/api-client.ts) takes
// each response once instead of asking again. Paths are spelled here rather than imported from lib/paths.ts: the
// early script must share no chunk with the app, or it would wait for that chunk.
import { askVerifyEarly, type AskEarly } from '../features/verify/early-paths.ts';

declare global {
  interface Window {
    /** GET path → the response asked for before the app loaded. */
    lowestEarlyResponses?: Map<string, Promise<Response>>;
  }
}

/** The play screen (/ and /submit) reads who is signed in, today's game and the player's entries. */
const PLAY_PATHS = ['/', '/submit'];
const EVERY_SCREEN = ['/api/me'];
// A visitor's /api/entry/mine is a small 401, sent alongside the others; a player's entries come a round trip
// sooner, and the entry form waits for them.
const PLAY_SCREEN = ['/api/game/today', '/api/entry/mine'];

export function startEarlyRequests(pathname: string): Map<string, Promise<Response>> {
  const responses = new Map<string, Promise<Response>>();
  // The same request the app would send (lib/api-client.ts), so the server answers it alike.
  const send = (path: string) => fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  const early: AskEarly = {
    ask(path) {
      const response = send(path);
      // A failure is the app's to report when it takes the response; nobody taking it is no error.
      response.catch(() => undefined);
      responses.set(path, response);
    },
    read<T>(path: string) {
      // Read here, and handed to the app as a response of the same text and status (rather than a clone: happy-dom's
      // clone of a network response empties both).
      const answer = send(path).then(async (response) => ({ response, text: await response.text() }));
      const rebuilt = answer.then(
        ({ response, text }) =>
          new Response(text === '' ? null : text, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
          }),
      );
      rebuilt.catch(() => undefined);
      responses.set(path, rebuilt);
      return answer.then(({ response, text }) => (response.ok ? (JSON.parse(text) as T) : null)).catch(() => null);
    },
  };
  for (const path of PLAY_PATHS.includes(pathname) ? [...EVERY_SCREEN, ...PLAY_SCREEN] : EVERY_SCREEN) early.ask(path);
  askVerifyEarly(pathname, early);
  return responses;
}
