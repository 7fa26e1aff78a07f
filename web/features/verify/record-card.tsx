// RECORD OF {date}: a closed game's published facts, with the outcome of its check below them.
import type { ReactNode } from 'react';

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="stack verify-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="row">
          <dt>{label}:</dt>
          <dd>
            <code className="break-all">{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const resultFacts = (result: {
  winningNumber: number | null;
  secondPlaceNumber: number | null;
}): [string, string][] => [
  ['Winning number', result.winningNumber === null ? 'No winner' : String(result.winningNumber)],
  ['Second place', result.secondPlaceNumber === null ? 'None' : String(result.secondPlaceNumber)],
];

export function RecordCard({
  gameDate,
  facts,
  children,
}: {
  gameDate: string;
  facts: [string, string][];
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby="record-title">
      <h2 id="record-title" className="card-title">
        RECORD OF {gameDate}
      </h2>
      <Facts facts={facts} />
      {children}
    </section>
  );
}
