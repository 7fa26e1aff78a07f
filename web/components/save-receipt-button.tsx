// SAVE RECEIPT next to an entry: downloads the receipt as JSON, for the verify page after the close.
import type { EntryReceiptDto, MineReceiptDto } from '../../server/routes/fairness.schemas.ts';
import { downloadFile } from '../lib/download-file.ts';

/**
 * The receipt's fields only, in the documented order (docs/fairness.md), pretty-printed: a signed receipt's
 * `signedAt`, `keyId` and `sig` last, none on a receipt issued before receipts were signed.
 */
export function receiptJson(receipt: EntryReceiptDto | MineReceiptDto): string {
  const { gameDate, number, salt, leaf, signedAt, keyId, sig } = receipt;
  const id = 'entryId' in receipt ? { entryId: receipt.entryId } : { mineId: receipt.mineId };
  const signature = signedAt !== undefined && keyId !== undefined && sig !== undefined ? { signedAt, keyId, sig } : {};
  return JSON.stringify({ gameDate, ...id, number, salt, leaf, ...signature }, null, 2) + '\n';
}

export function receiptFileName(receipt: EntryReceiptDto): string {
  return `lowest-unique-receipt-${receipt.gameDate}-${receipt.number}.json`;
}

export function SaveReceiptButton({ receipt }: { receipt: EntryReceiptDto }) {
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => downloadFile(receiptFileName(receipt), receiptJson(receipt))}
      aria-label={`Save receipt for number ${receipt.number}`}
    >
      SAVE RECEIPT
    </button>
  );
}
