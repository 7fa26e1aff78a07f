// /verify and /verify/{gameKey} (DESIGN.md §16): the closed games, and one game checked here with Web Crypto.
// Tree version 1: the whole record recomputed. Version 2: the winner proof on load, the player's receipts by
// their inclusion proofs, FULL AUDIT on demand. Nothing the server says is taken on trust but what it publishes.
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { FairnessSummaryV2 } from '../../../server/contract.ts';
import { useHistory } from '../../api/get-history.ts';
import { useMe } from '../../api/me.ts';
import { fairnessKeys } from '../../api/query-keys.ts';
import { messageOf } from '../../lib/api-client.ts';
import { verifyForGame } from '../../lib/paths.ts';
import { isTreeV2, useFairnessRecord } from './api/get-fairness-record.ts';
import { getItemsPage } from './api/get-items-page.ts';
import { gameReceiptsQueryOptions } from './api/get-game-receipts.ts';
import { receiptCalls } from './api/receipt-calls.ts';
import { winnerProofQueryOptions } from './api/get-winner-proof.ts';
import {
  parseReceipt,
  receiptIncluded,
  verifyFairnessRecord,
  type ClosedFairnessRecord,
  type PastedReceipt,
} from './fairness-check.ts';
import { CheckOutcome, Mismatch, Verified } from './check-outcome.tsx';
import { FullAudit } from './full-audit.tsx';
import { MyReceipts } from './my-receipts.tsx';
import { checkReceiptOnTree, signatureOf, type ReceiptOutcome } from './receipt-outcome.ts';
import { ReceiptVerdict } from './receipt-verdict.tsx';
import { checkWinner } from './tree-v2-check.ts';
import './verify.css';

export function VerifyScreen() {
  const { gameKey } = useParams();
  return (
    <section className="page">
      <h1 className="page-title">VERIFY</h1>
      <GamePicker key={gameKey ?? ''} current={gameKey ?? ''} />
      {gameKey !== undefined ? <GameCheck gameKey={gameKey} /> : <ClosedGames />}
      <HowItWorks />
    </section>
  );
}

function HowItWorks() {
  return (
    <section className="card" aria-labelledby="how-title">
      <h2 id="how-title" className="card-title">
        HOW THIS WORKS
      </h2>
      <p>
        Every pick gets a receipt: its number, a random salt and a fingerprint (a SHA-256 hash) of both. At the close,
        all the day’s picks, mines included, are put in order of number and joined two by two into a single fingerprint,
        the root, which is published and can never change. Each join also records the lowest and highest number beneath
        it. To show that your pick was counted, the server gives the few fingerprints (about 20 on a day of a million
        picks) that lead from yours to the root. To show the winner, it gives every pick up to the runner-up’s number
        and fingerprints for the rest, each marked as holding only higher numbers, so no pick that could change the
        result can hide there. FULL AUDIT downloads every pick and rebuilds it all. Each receipt is also signed by the
        game when the pick is accepted: a signed pick that the closed game left out is shown as OMITTED, with evidence
        anyone can check. Everything here is recomputed in your browser.
      </p>
    </section>
  );
}

function GamePicker({ current }: { current: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (key !== '') void navigate(verifyForGame(key));
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Choose a game">
      <div className="field">
        <label htmlFor={inputId}>GAME DATE</label>
        <input
          id={inputId}
          className="input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="YYYY-MM-DD"
          inputMode="numeric"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        CHECK GAME
      </button>
    </form>
  );
}

const CLOSED_GAMES_LISTED = 100;

function ClosedGames() {
  const history = useHistory(CLOSED_GAMES_LISTED);
  const closed = history.data?.items.filter((item) => item.status === 'closed') ?? [];
  return (
    <section className="card" aria-labelledby="closed-games-title">
      <h2 id="closed-games-title" className="card-title">
        CLOSED GAMES
      </h2>
      {/* A box of one height whatever arrives (scrolling past four rows of dates), so the card below never moves. */}
      <div className="verify-games-box">
        {history.isLoading && <p role="status">Loading the closed games…</p>}
        {history.isError && (
          <div className="alert" role="alert">
            {messageOf(history.error, 'The closed games could not be loaded.')}
          </div>
        )}
        {history.data !== undefined && closed.length === 0 && <p className="muted">No game has closed yet.</p>}
        {closed.length > 0 && (
          <ul className="verify-games" aria-label="Closed games, newest first">
            {closed.map((item) => (
              <li key={item.gameDate}>
                <Link className="btn" to={verifyForGame(item.gameDate)}>
                  {item.gameDate}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

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

function GameCheck({ gameKey }: { gameKey: string }) {
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

const resultFacts = (result: {
  winningNumber: number | null;
  secondPlaceNumber: number | null;
}): [string, string][] => [
  ['Winning number', result.winningNumber === null ? 'No winner' : String(result.winningNumber)],
  ['Second place', result.secondPlaceNumber === null ? 'None' : String(result.secondPlaceNumber)],
];

function RecordCard({
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

function SummaryCheck({ summary }: { summary: FairnessSummaryV2 }) {
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

function RecordCheck({ record }: { record: ClosedFairnessRecord }) {
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

/** What CHECK RECEIPT shows: a receipt's verdict, or why it could not be checked. */
type PastedVerdict = { kind: 'checked'; outcome: ReceiptOutcome } | { kind: 'invalid'; message: string };

function ReceiptCheck({
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

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="card-title">{title}</h2>
      {children}
    </section>
  );
}
