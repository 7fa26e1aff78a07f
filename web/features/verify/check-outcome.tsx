// A check's answer as the verify page shows it: VERIFIED or INCLUDED, or the first mismatch in words.
import type { ReactNode } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { describeMismatch, type TreeCheck } from './tree-v2-check.ts';

export function Verified({ children = 'VERIFIED' }: { children?: ReactNode }) {
  return (
    <p role="status" className="card card-accent big-number">
      {children}
    </p>
  );
}

export function Mismatch({ children }: { children: ReactNode }) {
  return (
    <div className="alert" role="alert">
      <strong>MISMATCH: </strong>
      {children}
    </div>
  );
}

/** A check's answer on screen: VERIFIED (or the given word), the first mismatch in words, or why it could not run. */
export function CheckOutcome({
  check,
  okWord = 'VERIFIED',
}: {
  check: { data?: TreeCheck | undefined; error: unknown; isError: boolean };
  okWord?: string;
}) {
  if (check.isError) {
    return (
      <div className="alert" role="alert">
        NOT CHECKED: {messageOf(check.error, 'the server did not answer.')}
      </div>
    );
  }
  if (check.data === undefined) return null;
  return check.data.ok ? <Verified>{okWord}</Verified> : <Mismatch>{describeMismatch(check.data.mismatch)}</Mismatch>;
}
