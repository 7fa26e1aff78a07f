// CHECK A RECEIPT: a pasted or uploaded receipt, checked against the game by the check its tree version gives.
import { useId, useState, type ChangeEvent } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { parseReceipt, type PastedReceipt } from './fairness-check.ts';
import type { ReceiptOutcome } from './receipt-outcome.ts';
import { ReceiptVerdict } from './receipt-verdict.tsx';

/** What CHECK RECEIPT shows: a receipt's verdict, or why it could not be checked. */
type PastedVerdict = { kind: 'checked'; outcome: ReceiptOutcome } | { kind: 'invalid'; message: string };

export function ReceiptCheck({
  gameDate,
  check,
}: {
  gameDate: string;
  check: (receipt: PastedReceipt) => Promise<ReceiptOutcome>;
}) {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [verdict, setVerdict] = useState<PastedVerdict | null>(null);
  const checkText = async (receiptText: string) => {
    const parsed = parseReceipt(receiptText);
    if (!parsed.ok) return setVerdict({ kind: 'invalid', message: parsed.message });
    try {
      setVerdict({ kind: 'checked', outcome: await check(parsed.receipt) });
    } catch (error) {
      setVerdict({ kind: 'invalid', message: `NOT CHECKED: ${messageOf(error, 'the server did not answer.')}` });
    }
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    await checkText(content);
  };
  return (
    <form
      className="card"
      aria-labelledby="receipt-title"
      onSubmit={(event) => {
        event.preventDefault();
        void checkText(text);
      }}
    >
      <h2 id="receipt-title" className="card-title">
        CHECK A RECEIPT
      </h2>
      <div className="field">
        <label htmlFor={textId}>PASTE A RECEIPT</label>
        <textarea
          id={textId}
          className="input"
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor={fileId}>OR UPLOAD A RECEIPT FILE</label>
        <input
          id={fileId}
          className="verify-file"
          type="file"
          accept="application/json,.json"
          onChange={(e) => void upload(e)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        CHECK RECEIPT
      </button>
      {verdict?.kind === 'checked' && <ReceiptVerdict outcome={verdict.outcome} gameDate={gameDate} />}
      {verdict?.kind === 'invalid' && (
        <div className="alert" role="alert">
          {verdict.message}
        </div>
      )}
    </form>
  );
}
