// A tree version 1 record: every leaf recomputed and folded to the published root.
import { useQuery } from '@tanstack/react-query';
import { fairnessKeys } from '../../api/query-keys.ts';
import { Mismatch, Verified } from './check-outcome.tsx';
import { verifyFairnessRecord, type ClosedFairnessRecord } from './fairness-check.ts';
import { RecordCard, resultFacts } from './record-card.tsx';

export function RecordCheck({ record }: { record: ClosedFairnessRecord }) {
  const check = useQuery({
    queryKey: fairnessKeys.check(record.gameDate, record.root),
    queryFn: () => verifyFairnessRecord(record),
    staleTime: Infinity,
  });
  return (
    <RecordCard
      gameDate={record.gameDate}
      facts={[
        ['Root', record.root ?? 'none'],
        ['Entries', String(record.entriesTotal)],
        ['Mines', String(record.mines.length)],
        ...resultFacts(record),
      ]}
    >
      {record.root === null && (
        <p className="alert" role="status">
          NOT VERIFIABLE: {record.reason ?? 'this game has no published root.'}
        </p>
      )}
      {record.root !== null && check.isPending && (
        <p role="status">CHECKING {record.entries.length + record.mines.length} LEAVES…</p>
      )}
      {check.data?.verified === true && <Verified />}
      {record.root !== null && check.data?.verified === false && <Mismatch>{check.data.problem}</Mismatch>}
    </RecordCard>
  );
}
