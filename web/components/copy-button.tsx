// COPY: puts text on the clipboard and says COPIED for two seconds, or that it could not.
import { useEffect, useState } from 'react';
import { copyText } from '../lib/copy-text.ts';

export function CopyButton({
  text,
  label,
  className = 'btn btn-small',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
      >
        {state === 'copied' ? 'COPIED' : 'COPY'}
      </button>
      {state === 'failed' && (
        <span role="alert" className="muted">
          Copying was refused: select the text and copy it by hand.
        </span>
      )}
    </>
  );
}
