// SAVE RECEIPT next to an entry: downloads the receipt as JSON, for the verify page after the close.
import type { EntryReceiptDto } from '../../server/contract.ts';

/** The receipt's fields only, in the documented order (docs/fairness.md), pretty-printed. */
export function receiptJson(receipt: EntryReceiptDto): string {
  const { gameDate, entryId, number, salt, leaf } = receipt;
  return JSON.stringify({ gameDate, entryId, number, salt, leaf }, null, 2) + '\n';
}

export function receiptFileName(receipt: EntryReceiptDto): string {
  return `lowest-unique-receipt-${receipt.gameDate}-${receipt.number}.json`;
}

export function SaveReceiptButton({ receipt }: { receipt: EntryReceiptDto }) {
  const save = () => {
    const url = URL.createObjectURL(new Blob([receiptJson(receipt)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = receiptFileName(receipt);
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <button type="button" className="btn btn-small" onClick={save} aria-label={`Save receipt for number ${receipt.number}`}>
      SAVE RECEIPT
    </button>
  );
}
