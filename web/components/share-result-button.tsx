// SHARE for a closed game's result: the Web Share API where the browser has it, else the clipboard with
// COPIED!, else the text to copy by hand. Only for closed games: the outcomes exist only after the close.
import { useState } from 'react';
import type { EntryOutcomeDto } from '../../server/routes/results.schemas.ts';
import { bestEntry, shareText } from '../lib/share-text.ts';

export interface ShareResultButtonProps {
  gameKey: string;
  winningNumber: number | null;
  /** The player's entries with the server's outcomes; nothing is shared without one. */
  entries: readonly Pick<EntryOutcomeDto, 'number' | 'outcome'>[];
}

type ShareState = 'idle' | 'copied' | 'manual';

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard (an insecure origin) or refused: the text is shown instead.
    return false;
  }
}

export function ShareResultButton({ gameKey, winningNumber, entries }: ShareResultButtonProps) {
  // Kept with the text it was for: moving to another game (PREVIOUS on the statistics screen) starts afresh.
  const [done, setDone] = useState<{ text: string; state: ShareState } | null>(null);
  const best = bestEntry(entries);
  if (best === null) return null;
  // The web app is served from PUBLIC_URL, so the page's origin is the public one.
  const text = shareText(
    { gameKey, number: best.number, outcome: best.outcome, winningNumber },
    window.location.origin,
  );
  const state: ShareState = done?.text === text ? done.state : 'idle';

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'LOWEST UNIQUE', text });
        return;
      } catch (error) {
        // The player closed the share sheet: nothing more to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setDone({ text, state: (await copyToClipboard(text)) ? 'copied' : 'manual' });
  };

  return (
    <div className="stack">
      <p className="row">
        <button type="button" className="btn" onClick={() => void share()}>
          {state === 'copied' ? 'COPIED!' : 'SHARE'}
        </button>
      </p>
      <p role="status" className="sr-only">
        {state === 'copied' ? 'Result copied to the clipboard.' : ''}
      </p>
      {state === 'manual' && (
        <label className="field">
          COPY YOUR RESULT
          <textarea
            className="input"
            readOnly
            value={text}
            rows={3}
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      )}
    </div>
  );
}
