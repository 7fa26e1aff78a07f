// Whether the server can be reached, as the player would put it: the browser's online state, and whether the last
// request got an answer. A failed request marks the connection lost until a request gets through or the browser
// reports that it is back online. No React here: the API client imports this, and so does the audit worker.

export type Connection = 'online' | 'offline' | 'unreachable';

let requestFailed = false;
const listeners = new Set<() => void>();

// Only an explicit false is offline: Node 21+ (tests, server rendering) has a `navigator` without `onLine`.
const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export function connectionNow(): Connection {
  if (!browserOnline()) return 'offline';
  return requestFailed ? 'unreachable' : 'online';
}

function setRequestFailed(failed: boolean): void {
  if (requestFailed === failed) return;
  requestFailed = failed;
  for (const listener of listeners) listener();
}

/** The API client's report after each request: whether it reached the server (any HTTP answer counts). */
export const reportRequest = (reached: boolean): void => setRequestFailed(!reached);

/** Calls `listener` whenever connectionNow() may have changed; returns the unsubscribe. */
export function subscribeToConnection(listener: () => void): () => void {
  listeners.add(listener);
  const back = () => {
    // The browser's "online" says a network is there, not that the server answers; the next request will tell.
    requestFailed = false;
    listener();
  };
  window.addEventListener('online', back);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', back);
    window.removeEventListener('offline', listener);
  };
}
