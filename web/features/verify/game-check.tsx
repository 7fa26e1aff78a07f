// One game's check: the open notice, or the record checked by its tree version, the player's receipts and the
// receipt form.
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../api/me.ts';
import { isTreeV2, useFairnessRecord } from './api/get-fairness-record.ts';
import { gameReceiptsQueryOptions } from './api/get-game-receipts.ts';
import { receiptCalls } from './api/receipt-calls.ts';
import { winnerProofQueryOptions } from './api/get-winner-proof.ts';
import { receiptIncluded, type PastedReceipt } from './fairness-check.ts';
import { FullAudit } from './full-audit.tsx';
import { MyReceipts } from './my-receipts.tsx';
import { checkReceiptOnTree, signatureOf, type ReceiptOutcome } from './receipt-outcome.ts';
import { ReceiptCheck } from './receipt-check.tsx';
import { RecordCheck } from './record-check.tsx';
import { SummaryCheck } from './summary-check.tsx';

/**
 * Asks for the winner proof and the player's receipts beside the record, not after it: on a phone each round trip
 * saved is a visible wait. A game still open or of tree version 1 answers these with an error nobody reads.
 */
function usePrefetchProofs(gameKey: string) {
  const queryClient = useQueryClient();
  const { user } = useMe();
  const signedIn = user !== null;
  useEffect(() => {
    void queryClient.prefetchQuery(winnerProofQueryOptions(gameKey));
    if (signedIn) void queryClient.prefetchQuery(gameReceiptsQueryOptions(gameKey));
  }, [queryClient, gameKey, signedIn]);
}

export function GameCheck({ gameKey }: { gameKey: string }) {
  const queryClient = useQueryClient();
  const record = useFairnessRecord(gameKey);
  usePrefetchProofs(gameKey);
  if (record.isLoading) return <p role="status">Loading the record of {gameKey}…</p>;
  if (record.isError || record.data === undefined) {
    return (
      <div className="alert" role="alert">
        {record.error instanceof Error ? record.error.message : `No record for ${gameKey}.`}
      </div>
    );
  }
  const answer = record.data;
  if (answer.status === 'open') {
    return (
      <Card title={`GAME ${gameKey} IS OPEN`}>
        <p>Its record is published at the close. Your receipts will be listed here then.</p>
      </Card>
    );
  }
  const calls = receiptCalls(queryClient, answer.gameDate);
  if (isTreeV2(answer)) {
    const check = (receipt: PastedReceipt) => checkReceiptOnTree(answer, receipt, calls);
    return (
      <>
        <SummaryCheck summary={answer} />
        <MyReceipts summary={answer} />
        <FullAudit summary={answer} />
        <ReceiptCheck gameDate={answer.gameDate} check={check} />
      </>
    );
  }
  const check = async (receipt: PastedReceipt): Promise<ReceiptOutcome> => ({
    signature: await signatureOf(receipt, answer.closedAt, calls.fetchKeys),
    presence: (await receiptIncluded(answer, receipt)) ? { kind: 'included' } : { kind: 'not-found' },
  });
  return (
    <>
      <RecordCheck record={answer} />
      <ReceiptCheck gameDate={answer.gameDate} check={check} />
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="card-title">{title}</h2>
      {children}
    </section>
  );
}
