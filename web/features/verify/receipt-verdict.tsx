// One receipt's verdict on the verify page: its signature, then INCLUDED, NOT FOUND, OMITTED with DOWNLOAD EVIDENCE,
// or the first mismatch in words.
import { downloadFile } from '../../lib/download-file.ts';
import { Mismatch, Verified } from './check-outcome.tsx';
import type { Presence, ReceiptOutcome } from './receipt-outcome.ts';
import { describeSignatureProblem, evidenceFileName, type SignatureVerdict } from './receipt-signature-check.ts';

/** The signature's verdict in the words a player reads. */
export function signatureText(verdict: SignatureVerdict): string {
  switch (verdict.status) {
    case 'signed':
      return `SIGNED by key ${verdict.keyId} at ${verdict.signedAt}`;
    case 'unsigned':
      return 'UNSIGNED';
    case 'bad':
      return `BAD SIGNATURE (${describeSignatureProblem(verdict.problem)})`;
    case 'not-checked':
      return `SIGNATURE NOT CHECKED: ${verdict.message}`;
  }
}

export function SignatureLine({ verdict }: { verdict: SignatureVerdict }) {
  const text = signatureText(verdict);
  if (verdict.status === 'bad') {
    return (
      <p className="alert" role="alert">
        {text}
      </p>
    );
  }
  return (
    <p role="status" className={verdict.status === 'signed' ? 'badge badge-accent' : 'badge'}>
      {text}
      {verdict.status === 'unsigned' && (
        <span className="muted"> — issued before receipts were signed; checked by its fingerprint only.</span>
      )}
    </p>
  );
}

export function OmittedVerdict({ presence }: { presence: Extract<Presence, { kind: 'omitted' }> }) {
  const { evidence } = presence;
  const save = () =>
    downloadFile(
      evidenceFileName({ gameDate: evidence.summary.gameDate, leaf: String(evidence.receipt['leaf']) }),
      JSON.stringify(evidence, null, 2) + '\n',
    );
  return (
    <div className="alert stack" role="alert">
      <p>
        <strong>OMITTED — the game signed this pick at {presence.signedAt} and left it out of the closed game</strong>
      </p>
      <p>
        The evidence holds this receipt, the key that signed it, the game’s published summary and the two picks that
        stand side by side where this one would be, each with its proof: anyone can check it without this site.
      </p>
      <button type="button" className="btn btn-primary" onClick={save}>
        DOWNLOAD EVIDENCE
      </button>
    </div>
  );
}

/** Whether the closed game holds the receipt, as the page shows it. */
export function PresenceVerdict({ presence, gameDate }: { presence: Presence; gameDate: string }) {
  switch (presence.kind) {
    case 'included':
      return <Verified>INCLUDED</Verified>;
    case 'not-found':
      return (
        <div className="alert" role="alert">
          NOT FOUND: this receipt is not in the record of {gameDate} as it stands.
        </div>
      );
    case 'omitted':
      return <OmittedVerdict presence={presence} />;
    case 'mismatch':
      return <Mismatch>{presence.message}</Mismatch>;
  }
}

export function ReceiptVerdict({ outcome, gameDate }: { outcome: ReceiptOutcome; gameDate: string }) {
  return (
    <div className="stack">
      <SignatureLine verdict={outcome.signature} />
      <PresenceVerdict presence={outcome.presence} gameDate={gameDate} />
    </div>
  );
}
