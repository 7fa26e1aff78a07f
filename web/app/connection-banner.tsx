// The banner under the navigation while the game server cannot be reached (offline, or requests failing), and the
// prompt to reload when a new version of the app is installed.
import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectionNow, subscribeToConnection, type Connection } from '../lib/connection.ts';
import { useAppUpdate } from './app-update.ts';

const useConnection = (): Connection => useSyncExternalStore(subscribeToConnection, connectionNow, () => 'online');

export function ConnectionBanner() {
  const connection = useConnection();
  const queryClient = useQueryClient();
  if (connection === 'online') return null;
  // Asking again is what brings the screen back: every request that failed is made once more.
  const retry = () => void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  return (
    <div className="banner banner-offline" role="status">
      <p>
        <strong>{connection === 'offline' ? 'YOU ARE OFFLINE.' : 'CANNOT REACH THE GAME SERVER.'}</strong> What you see
        may be out of date, and nothing is sent until the connection is back.
      </p>
      <button type="button" className="btn" onClick={retry}>
        TRY AGAIN
      </button>
    </div>
  );
}

export function UpdatePrompt() {
  const update = useAppUpdate();
  if (update === null) return null;
  return (
    <div className="banner" role="status">
      <p>
        <strong>A NEW VERSION OF THE GAME IS READY.</strong>
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void update()}>
        NEW VERSION: RELOAD
      </button>
    </div>
  );
}
