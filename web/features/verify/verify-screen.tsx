// /verify and /verify/{gameKey} (DESIGN.md §16): fetches a closed game's record and recomputes every
// leaf, the root, the winner and the runner-up here, with Web Crypto; then checks a pasted or uploaded
// receipt. Nothing the server says is taken on trust but the record's own rows.
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { verifyForGame } from '../../lib/paths.ts';
import { useFairnessRecord } from './api/get-fairness-record.ts';
import { parseReceipt, receiptIncluded, verifyFairnessRecord, type ClosedFairnessRecord } from './fairness-check.ts';
import './verify.css';
import { fairnessKeys } from '../../api/query-keys.ts';

export function VerifyScreen() {
  const { gameKey } = useParams();
  return (
    <section className="page">
      <h1 className="page-title">VERIFY</h1>
      <GamePicker key={gameKey ?? ''} current={gameKey ?? ''} />
      {gameKey !== undefined && <GameCheck gameKey={gameKey} />}
      <p className="muted">
        The scheme, with worked examples to check your own code against, is in docs/fairness.md. Everything here is recomputed in your browser.
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
    if (key !== '') navigate(verifyForGame(key));
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Choose a game">
      <div className="field">
        <label htmlFor={inputId}>GAME DATE</label>
        <input id={inputId} className="input" value={value} onChange={(e) => setValue(e.target.value)} placeholder="YYYY-MM-DD" inputMode="numeric" />
      </div>
      <button type="submit" className="btn btn-primary">
        CHECK GAME
      </button>
    </form>
  );
}

function GameCheck({ gameKey }: { gameKey: string }) {
  const record = useFairnessRecord(gameKey);
  if (record.isLoading) return <p role="status">Loading the record of {gameKey}…</p>;
  if (record.isError || record.data === undefined) {
    return (
      <div className="alert" role="alert">
        {record.error instanceof Error ? record.error.message : `No record for ${gameKey}.`}
      </div>
    );
  }
  if (record.data.status === 'open') {
    return (
      <Card title={`GAME ${gameKey} IS OPEN`}>
        <p>Its record is published at the close. Save your receipts from the play screen until then.</p>
      </Card>
    );
  }
  if ('treeVersion' in record.data) {
    return (
      <Card title={`GAME ${gameKey}`}>
        <p>This game's record is published as a tree of version 2, which this page does not check yet.</p>
      </Card>
    );
  }
  return (
    <>
      <RecordCheck record={record.data} />
      <ReceiptCheck record={record.data} />
    </>
  );
}

function RecordCheck({ record }: { record: ClosedFairnessRecord }) {
  const check = useQuery({
    queryKey: fairnessKeys.check(record.gameDate, record.root),
    queryFn: () => verifyFairnessRecord(record),
    staleTime: Infinity,
  });
  const facts: [string, string][] = [
    ['Root', record.root ?? 'none'],
    ['Entries', String(record.entriesTotal)],
    ['Mines', String(record.mines.length)],
    ['Winning number', record.winningNumber === null ? 'No winner' : String(record.winningNumber)],
    ['Second place', record.secondPlaceNumber === null ? 'None' : String(record.secondPlaceNumber)],
  ];
  return (
    <section className="card" aria-labelledby="record-title">
      <h2 id="record-title" className="card-title">
        RECORD OF {record.gameDate}
      </h2>
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
      {record.root === null && (
        <p className="alert" role="status">
          NOT VERIFIABLE: {record.reason ?? 'this game has no published root.'}
        </p>
      )}
      {record.root !== null && check.isPending && <p role="status">CHECKING {record.entries.length + record.mines.length} LEAVES…</p>}
      {check.data?.verified === true && (
        <p role="status" className="card card-accent big-number">
          VERIFIED
        </p>
      )}
      {record.root !== null && check.data?.verified === false && (
        <div className="alert" role="alert">
          <strong>MISMATCH: </strong>
          {check.data.problem}
        </div>
      )}
    </section>
  );
}

type ReceiptVerdict = { kind: 'included' } | { kind: 'not-found' } | { kind: 'invalid'; message: string } | null;

function ReceiptCheck({ record }: { record: ClosedFairnessRecord }) {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [verdict, setVerdict] = useState<ReceiptVerdict>(null);
  const check = async (receiptText: string) => {
    const parsed = parseReceipt(receiptText);
    if (!parsed.ok) return setVerdict({ kind: 'invalid', message: parsed.message });
    setVerdict({ kind: (await receiptIncluded(record, parsed.receipt)) ? 'included' : 'not-found' });
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    await check(content);
  };
  return (
    <form
      className="card"
      aria-labelledby="receipt-title"
      onSubmit={(event) => {
        event.preventDefault();
        void check(text);
      }}
    >
      <h2 id="receipt-title" className="card-title">
        CHECK A RECEIPT
      </h2>
      <div className="field">
        <label htmlFor={textId}>PASTE A RECEIPT</label>
        <textarea id={textId} className="input" rows={6} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor={fileId}>OR UPLOAD A RECEIPT FILE</label>
        <input id={fileId} type="file" accept="application/json,.json" onChange={(e) => void upload(e)} />
      </div>
      <button type="submit" className="btn btn-primary">
        CHECK RECEIPT
      </button>
      {verdict?.kind === 'included' && (
        <p role="status" className="card card-accent big-number">
          INCLUDED
        </p>
      )}
      {verdict?.kind === 'not-found' && (
        <div className="alert" role="alert">
          NOT FOUND: this receipt is not in the record of {record.gameDate} as it stands.
        </div>
      )}
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
