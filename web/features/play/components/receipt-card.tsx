// An entry's receipt as a player reads it: the number, when the game signed it, a short fingerprint of its leaf, and
// SIGNED by the game; COPY and SAVE RECEIPT give the full JSON that the verify page checks after the close.
import type { EntryReceiptDto } from '../../../../server/routes/fairness.schemas.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { receiptJson, SaveReceiptButton } from '../../../components/save-receipt-button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** How much of the leaf a player compares by eye: its first 8 hex characters. */
const FINGERPRINT_LENGTH = 8;

export function ReceiptCard({ receipt }: { receipt: EntryReceiptDto }) {
  const signed = receipt.signedAt !== undefined && receipt.sig !== undefined && receipt.keyId !== undefined;
  return (
    <div className="stack receipt-card">
      <dl className="receipt-facts" aria-label={`Receipt for number ${receipt.number}`}>
        <div>
          <dt>NUMBER</dt>
          <dd>{receipt.number}</dd>
        </div>
        <div>
          <dt>SIGNED AT</dt>
          <dd>
            {receipt.signedAt !== undefined && signed ? (
              <time dateTime={receipt.signedAt}>{formatDateTime(receipt.signedAt)}</time>
            ) : (
              'UNSIGNED'
            )}
          </dd>
        </div>
        <div>
          <dt>FINGERPRINT</dt>
          <dd>
            <code>{receipt.leaf.slice(0, FINGERPRINT_LENGTH)}</code>
          </dd>
        </div>
      </dl>
      {signed && <p className="badge badge-accent">SIGNED by the game</p>}
      <div className="row">
        <SaveReceiptButton receipt={receipt} />
        <CopyButton text={receiptJson(receipt)} label={`Copy receipt for number ${receipt.number}`} />
      </div>
    </div>
  );
}
