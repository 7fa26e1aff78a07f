// A tree version 2 record: its summary, and the winner proof checked on load.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FairnessSummaryV2 } from '../../../server/routes/fairness.schemas.ts';
import { fairnessKeys } from '../../api/query-keys.ts';
import { getItemsPage } from './api/get-items-page.ts';
import { winnerProofQueryOptions } from './api/get-winner-proof.ts';
import { CheckOutcome } from './check-outcome.tsx';
import { RecordCard, resultFacts } from './record-card.tsx';
import { checkWinner } from './tree-v2-check.ts';

export function SummaryCheck({ summary }: { summary: FairnessSummaryV2 }) {
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: fairnessKeys.winnerCheck(summary.gameDate, summary.root),
    queryFn: async () =>
      checkWinner(summary, await queryClient.fetchQuery(winnerProofQueryOptions(summary.gameDate)), (from, count) =>
        getItemsPage(summary.gameDate, from, count),
      ),
    staleTime: Infinity,
  });
  const facts: [string, string][] = [
    ['Root', summary.root],
    ['Picks', String(summary.size)],
    ['Entries', String(summary.entriesTotal)],
    ['Mines', String(summary.minesTotal)],
    ...resultFacts(summary),
  ];
  return (
    <RecordCard gameDate={summary.gameDate} facts={facts}>
      {check.isPending && <p role="status">CHECKING THE WINNER PROOF…</p>}
      <CheckOutcome check={check} />
    </RecordCard>
  );
}
