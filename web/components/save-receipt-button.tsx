// SAVE RECEIPT next to an entry: downloads the receipt as JSON, for the verify page after the close.
import type { EntryReceiptDto, MineReceiptDto } from '../../server/contract.ts';

/** The receipt's fields only, in the documented order (docs/fairness.md), pretty-printed. */
export function receiptJson(receipt: EntryReceiptDto | MineReceiptDto): string {
  const { gameDate, number, salt, leaf } = receipt;
  const id = 'entryId' in receipt ? { entryId: receipt.entryId } : { mineId: receipt.mineId };
  return JSON.stringify({ gameDate, ...id, number, salt, leaf }, null, 2) + '\n';
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
    <button
      type="button"
      className="btn btn-small"
      onClick={save}
      aria-label={`Save receipt for number ${receipt.number}`}
    >
      SAVE RECEIPT
    </button>
  );
}
