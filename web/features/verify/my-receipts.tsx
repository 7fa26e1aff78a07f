// YOUR RECEIPTS on a tree version 2 game: the signed-in player's receipts, fetched from the server (nothing to
// have saved), each checked here by its signature and its inclusion proof (or, signed and missing, the proof of its
// absence: OMITTED), each with COPY.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EntryReceiptDto, FairnessSummaryV2, MineReceiptDto } from '../../../server/routes/fairness.schemas.ts';
import { fairnessKeys } from '../../api/query-keys.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { receiptJson } from '../../components/save-receipt-button.tsx';
import { RequireUser } from '../../components/require-user.tsx';
import { SignInLink } from '../../components/sign-in-link.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { useGameReceipts } from './api/get-game-receipts.ts';
import { receiptCalls } from './api/receipt-calls.ts';
import { Mismatch } from './check-outcome.tsx';
import type { PastedReceipt } from './fairness-check.ts';
import { checkReceiptOnTree } from './receipt-outcome.ts';
import { OmittedVerdict, SignatureLine } from './receipt-verdict.tsx';

export function MyReceipts({ summary }: { summary: FairnessSummaryV2 }) {
  return (
    <RequireUser
      loading={null}
      signedOut={
        <ReceiptsCard>
          <p>Sign in to see your picks of this game, each checked against the published root.</p>
          <SignInLink />
        </ReceiptsCard>
      }
    >
      {() => (
        <ReceiptsCard>
          <ReceiptList summary={summary} />
        </ReceiptsCard>
      )}
    </RequireUser>
  );
}

function ReceiptsCard({ children }: { children: ReactNode }) {
  return (
    <section className="card" aria-labelledby="my-receipts-title">
      <h2 id="my-receipts-title" className="card-title">
        YOUR RECEIPTS
      </h2>
      {children}
    </section>
  );
}

function ReceiptList({ summary }: { summary: FairnessSummaryV2 }) {
  const receipts = useGameReceipts(summary.gameDate, true);
  return (
    <>
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
    </>
  );
}

/** A receipt as the verify page's checks take it: id and kind, and the signature when it has one. */
export const asPasted = (receipt: EntryReceiptDto | MineReceiptDto): PastedReceipt => {
  const [kind, id] = 'entryId' in receipt ? (['entry', receipt.entryId] as const) : (['mine', receipt.mineId] as const);
  const { gameDate, number, salt, leaf, signedAt, keyId, sig } = receipt;
  const pasted: PastedReceipt = { gameDate, kind, id, number, salt, leaf };
  if (signedAt !== undefined && keyId !== undefined && sig !== undefined) pasted.signature = { signedAt, keyId, sig };
  return pasted;
};

function ReceiptRow({ summary, receipt }: { summary: FairnessSummaryV2; receipt: EntryReceiptDto | MineReceiptDto }) {
  const queryClient = useQueryClient();
  const pasted = asPasted(receipt);
  const check = useQuery({
    queryKey: fairnessKeys.receiptCheck(summary.gameDate, summary.root, receipt.leaf, receipt.sig ?? null),
    queryFn: () => checkReceiptOnTree(summary, pasted, receiptCalls(queryClient, summary.gameDate)),
    staleTime: Infinity,
  });
  const what = `${pasted.kind === 'entry' ? 'Entry' : 'Mine'} on number ${receipt.number}`;
  const presence = check.data?.presence;
  return (
    <li className="stack">
      <div className="row">
        <span className="big-number">{receipt.number}</span>
        <span className="badge">{pasted.kind === 'entry' ? 'ENTRY' : 'MINE'}</span>
        {check.isPending && <span role="status">CHECKING…</span>}
        {presence?.kind === 'included' && (
          <span role="status" className="badge badge-accent" aria-label={`${what}: INCLUDED`}>
            INCLUDED
          </span>
        )}
        <CopyButton text={receiptJson(receipt)} label={`Copy the receipt of number ${receipt.number}`} />
      </div>
      {check.data !== undefined && <SignatureLine verdict={check.data.signature} />}
      {presence?.kind === 'not-found' && <Mismatch>The game as published does not hold this receipt.</Mismatch>}
      {presence?.kind === 'mismatch' && <Mismatch>{presence.message}</Mismatch>}
      {presence?.kind === 'omitted' && <OmittedVerdict presence={presence} />}
      {check.isError && (
        <div className="alert" role="alert">
          NOT CHECKED: {messageOf(check.error, 'the server did not answer.')}
        </div>
      )}
    </li>
  );
}
