// YOUR RECEIPTS on a tree version 2 game: the signed-in player's receipts, fetched from the server (nothing to
// have saved), each checked here by its inclusion proof, each with COPY.
import { useQuery } from '@tanstack/react-query';
import type { EntryReceiptDto, FairnessSummaryV2, MineReceiptDto } from '../../../server/contract.ts';
import { useMe } from '../../api/me.ts';
import { fairnessKeys } from '../../api/query-keys.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { receiptJson } from '../../components/save-receipt-button.tsx';
import { SignInLink } from '../../components/sign-in-link.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { getInclusionProof } from './api/get-inclusion-proof.ts';
import { useGameReceipts } from './api/get-game-receipts.ts';
import { Mismatch } from './check-outcome.tsx';
import type { PastedReceipt } from './fairness-check.ts';
import { checkReceiptV2, describeMismatch } from './tree-v2-check.ts';

export function MyReceipts({ summary }: { summary: FairnessSummaryV2 }) {
  const { user, isLoading } = useMe();
  const receipts = useGameReceipts(summary.gameDate, user !== null);
  if (isLoading) return null;
  return (
    <section className="card" aria-labelledby="my-receipts-title">
      <h2 id="my-receipts-title" className="card-title">
        YOUR RECEIPTS
      </h2>
      {user === null && (
        <>
          <p>Sign in to see your picks of this game, each checked against the published root.</p>
          <SignInLink />
        </>
      )}
      {receipts.isLoading && <p role="status">Loading your receipts…</p>}
      {receipts.isError && (
        <div className="alert" role="alert">
          {messageOf(receipts.error, 'Your receipts could not be loaded.')}
        </div>
      )}
      {receipts.data !== undefined && receipts.data.entries.length + receipts.data.mines.length === 0 && (
        <p className="muted">You made no pick in this game.</p>
      )}
      {receipts.data !== undefined && (
        <ul className="stack verify-receipts" aria-label="Your receipts">
          {receipts.data.entries.map((receipt) => (
            <ReceiptRow key={receipt.leaf} summary={summary} receipt={receipt} />
          ))}
          {receipts.data.mines.map((receipt) => (
            <ReceiptRow key={receipt.leaf} summary={summary} receipt={receipt} />
          ))}
        </ul>
      )}
    </section>
  );
}

const asPasted = (receipt: EntryReceiptDto | MineReceiptDto): PastedReceipt =>
  'entryId' in receipt
    ? {
        gameDate: receipt.gameDate,
        kind: 'entry',
        id: receipt.entryId,
        number: receipt.number,
        salt: receipt.salt,
        leaf: receipt.leaf,
      }
    : {
        gameDate: receipt.gameDate,
        kind: 'mine',
        id: receipt.mineId,
        number: receipt.number,
        salt: receipt.salt,
        leaf: receipt.leaf,
      };

function ReceiptRow({ summary, receipt }: { summary: FairnessSummaryV2; receipt: EntryReceiptDto | MineReceiptDto }) {
  const pasted = asPasted(receipt);
  const check = useQuery({
    queryKey: fairnessKeys.receiptCheck(summary.gameDate, summary.root, receipt.leaf),
    queryFn: () => checkReceiptV2(summary, pasted, (leaf) => getInclusionProof(summary.gameDate, leaf)),
    staleTime: Infinity,
  });
  const what = `${pasted.kind === 'entry' ? 'Entry' : 'Mine'} on number ${receipt.number}`;
  return (
    <li className="stack">
      <div className="row">
        <span className="big-number">{receipt.number}</span>
        <span className="badge">{pasted.kind === 'entry' ? 'ENTRY' : 'MINE'}</span>
        {check.isPending && <span role="status">CHECKING…</span>}
        {check.data?.ok === true && (
          <span role="status" className="badge badge-accent" aria-label={`${what}: INCLUDED`}>
            INCLUDED
          </span>
        )}
        <CopyButton text={receiptJson(receipt)} label={`Copy the receipt of number ${receipt.number}`} />
      </div>
      {check.data?.ok === false && <Mismatch>{describeMismatch(check.data.mismatch)}</Mismatch>}
      {check.isError && (
        <div className="alert" role="alert">
          NOT CHECKED: {messageOf(check.error, 'the server did not answer.')}
        </div>
      )}
    </li>
  );
}
