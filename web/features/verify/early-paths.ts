// The verify page's data, asked for by the page's first script (web/app/early-requests.ts) while the app's code is
// still downloading: on a phone each round trip saved is a visible wait. Spelled as the screen's own requests spell
// them (api/*.ts and readItemPages), so the app takes these answers instead of asking again; a game key and a leaf
// need no escaping. Only types are imported: the early script shares no chunk with the app.
import type {
  FairnessRecordResponse,
  GameReceiptsResponse,
  WinnerProofResponse,
} from '../../../server/routes/fairness.schemas.ts';

/** Sends the GETs the app will take as its own. */
export interface AskEarly {
  ask(path: string): void;
  /** Also reads the answer: its JSON when it succeeded, else null. */
  read<T>(path: string): Promise<T | null>;
}

/**
 * On /verify/{gameKey}: the record, the winner proof and the receipts at once (a visitor's receipts are a small 401
 * nobody takes); then, for a game closed with tree version 2, what the screen asks for next: the first page of the
 * items the winner proof counts and the inclusion proof of each of the player's receipts.
 */
export function askVerifyEarly(pathname: string, { ask, read }: AskEarly): void {
  const key = /^\/verify\/([\w-]+)$/.exec(pathname)?.[1];
  if (key === undefined) return;
  const base = `/api/fairness/${key}`;
  const tree = read<FairnessRecordResponse>(base).then((record) =>
    record !== null && 'treeVersion' in record ? record : null,
  );
  const winnerProof = read<WinnerProofResponse>(`${base}/winner-proof`);
  const receipts = read<GameReceiptsResponse>(`${base}/receipts`);
  void Promise.all([tree, winnerProof]).then(([summary, proof]) => {
    if (summary !== null && proof !== null && proof.count > 0)
      ask(`${base}/items?from=0&count=${String(Math.min(proof.count, summary.pageSize))}`);
  });
  void Promise.all([tree, receipts]).then(([summary, mine]) => {
    if (summary === null || mine === null) return;
    for (const { leaf } of [...mine.entries, ...mine.mines]) ask(`${base}/proof/${leaf}`);
  });
}
