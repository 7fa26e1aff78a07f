// The browser's own check of tree version 2 (DESIGN.md §16), beside fairness-check.ts and like it sharing no
// code with the server: an item's inclusion proof, the winner proof and the full audit. Hashing is synchronous
// (sha256-sync.ts): the audit's two million hashes would each wait for a promise with Web Crypto.
// Every check answers ok or the FIRST mismatch, as a value that describeMismatch words for a player.
import type {
  FairnessItemsResponse,
  FairnessSummaryV2,
  InclusionProofResponse,
  TreeItemDto,
  TreeNodeDto,
  WinnerProofResponse,
} from '../../../server/routes/fairness.schemas.ts';
import { entryLeafText, mineLeafText, winnerAndRunnerUp, type PastedReceipt } from './fairness-check.ts';
import { sha256HexSync } from './sha256-sync.ts';

type ItemKind = TreeItemDto['kind'];

export type TreeMismatch =
  | { code: 'leaf'; kind: ItemKind; id: string }
  | { code: 'order'; kind: ItemKind; id: string; number: number; previousNumber: number }
  | { code: 'interval'; lo: number; hi: number }
  | { code: 'past-bound'; kind: ItemKind; id: string; number: number; bound: number }
  | { code: 'stops-short'; number: number; bound: number }
  | { code: 'bound'; published: number; needed: number }
  | { code: 'count'; announced: number; read: number; size: number }
  | { code: 'complement-count'; given: number; needed: number }
  | { code: 'complement-low'; lo: number; bound: number }
  | { code: 'root'; computed: string; published: string }
  | { code: 'winner'; computed: number | null; published: number | null }
  | { code: 'runner-up'; computed: number | null; published: number | null }
  | { code: 'size'; counted: number; published: number }
  | { code: 'totals'; entries: number; mines: number; publishedEntries: number; publishedMines: number }
  | { code: 'page'; from: number; asked: number; got: number; answeredFrom: number }
  | { code: 'proof-size'; proofSize: number; size: number }
  | { code: 'proof-shape'; index: number; size: number }
  | { code: 'receipt-game'; receiptGame: string; game: string }
  | { code: 'receipt-leaf' }
  | { code: 'not-found' };

export type TreeCheck = { ok: true } | { ok: false; mismatch: TreeMismatch };

const fail = (mismatch: TreeMismatch): TreeCheck => ({ ok: false, mismatch });
const OK: TreeCheck = { ok: true };

const show = (value: number | null): string => (value === null ? 'none' : String(value));
const showNode = (hash: string, lo: number, hi: number): string => `${hash.slice(0, 12)}… covering ${lo} to ${hi}`;

/** The first mismatch in words a player reads. */
export function describeMismatch(m: TreeMismatch): string {
  switch (m.code) {
    case 'leaf':
      return `The published fingerprint of ${m.kind} ${m.id} does not match its number and salt.`;
    case 'order':
      return `The list is out of order at ${m.kind} ${m.id}: number ${m.number} comes after ${m.previousNumber}.`;
    case 'interval':
      return `A node of the proof claims the numbers ${m.lo} to ${m.hi}, which do not fit beside its neighbour.`;
    case 'past-bound':
      return `The proof goes on past the first pick above ${m.bound}, to ${m.kind} ${m.id} on number ${m.number}.`;
    case 'stops-short':
      return `The proof stops at number ${m.number}: it must go on to the first pick above ${m.bound}, so that no pick up to ${m.bound} is left out.`;
    case 'bound':
      return `The proof stops at number ${m.published}, but this result needs every pick up to ${m.needed}.`;
    case 'count':
      return `The proof announces ${m.announced} picks of ${m.size}, and ${m.read} were read.`;
    case 'complement-count':
      return `The proof gives ${m.given} summary nodes beside the picks; the tree needs ${m.needed}.`;
    case 'complement-low':
      return `A part of the tree left out holds number ${m.lo}, not above ${m.bound}: a pick that counts could be hidden there.`;
    case 'root':
      return `The picks give the root ${m.computed}, but the game publishes ${m.published}.`;
    case 'winner':
      return `The picks give winning number ${show(m.computed)}, the game says ${show(m.published)}.`;
    case 'runner-up':
      return `The picks give runner-up number ${show(m.computed)}, the game says ${show(m.published)}.`;
    case 'size':
      return `There are ${m.counted} picks, but the game publishes ${m.published}.`;
    case 'totals':
      return `The list holds ${m.entries} entries and ${m.mines} mines, but the game publishes ${m.publishedEntries} and ${m.publishedMines}.`;
    case 'page':
      return `Asked for ${m.asked} picks from position ${m.from}, the server answered ${m.got} from position ${m.answeredFrom}.`;
    case 'proof-size':
      return `The proof is for a game of ${m.proofSize} picks, but this game has ${m.size}.`;
    case 'proof-shape':
      return `The proof's steps do not fit position ${m.index} of ${m.size}.`;
    case 'receipt-game':
      return `This receipt is for the game of ${m.receiptGame}, not ${m.game}.`;
    case 'receipt-leaf':
      return 'The receipt’s fingerprint does not match its own number and salt: it was changed after it was issued.';
    case 'not-found':
      return 'The game as published does not hold this receipt.';
  }
}

const emptyRootV2 = (gameKey: string): TreeNodeDto => ({
  hash: sha256HexSync(`lowest-unique/v2/empty|${gameKey}`),
  lo: 0,
  hi: 0,
});

/** The parent of two adjacent nodes: it commits to the interval from the left's lo to the right's hi. */
const parentOf = (left: TreeNodeDto, right: TreeNodeDto): TreeNodeDto => ({
  hash: sha256HexSync(`lowest-unique/v2/node|${left.lo}|${right.hi}|${left.hash}|${right.hash}`),
  lo: left.lo,
  hi: right.hi,
});

/** Nodes stand in number order: each interval is non-empty and ends where the next may start. */
const fitsBeside = (left: TreeNodeDto, right: TreeNodeDto): boolean =>
  left.lo <= left.hi && right.lo <= right.hi && left.hi <= right.lo;

const leafNode = (item: Pick<TreeItemDto, 'number' | 'leaf'>): TreeNodeDto => ({
  hash: item.leaf,
  lo: item.number,
  hi: item.number,
});

const itemLeaf = (gameKey: string, item: Omit<TreeItemDto, 'leaf'>): string =>
  sha256HexSync((item.kind === 'entry' ? entryLeafText : mineLeafText)(gameKey, item.id, item.number, item.salt));

const inTreeOrder = (a: TreeItemDto, b: TreeItemDto): boolean =>
  a.number < b.number || (a.number === b.number && a.leaf < b.leaf);

/** The root's hash and interval against the summary's. */
function sameRoot(node: TreeNodeDto, summary: FairnessSummaryV2): TreeCheck {
  if (node.hash === summary.root && node.lo === summary.lo && node.hi === summary.hi) return OK;
  return fail({
    code: 'root',
    computed: showNode(node.hash, node.lo, node.hi),
    published: showNode(summary.root, summary.lo, summary.hi),
  });
}

/** Where the sibling of the node at `index` stands at each level, from the leaf up; none where it moves up alone. */
export function expectedSides(index: number, size: number): ('left' | 'right')[] {
  const sides: ('left' | 'right')[] = [];
  for (let i = index, s = size; s > 1; i = Math.floor(i / 2), s = Math.ceil(s / 2)) {
    if (i % 2 === 1) sides.push('left');
    else if (i + 1 < s) sides.push('right');
  }
  return sides;
}

/** An item (its leaf and number) is in the published tree: the path fits its position and folds up to the root. */
export function verifyInclusion(
  summary: FairnessSummaryV2,
  item: Pick<TreeItemDto, 'number' | 'leaf'>,
  proof: InclusionProofResponse,
): TreeCheck {
  if (proof.size !== summary.size) return fail({ code: 'proof-size', proofSize: proof.size, size: summary.size });
  const sides = expectedSides(proof.index, proof.size);
  const shapeFits =
    Number.isSafeInteger(proof.index) &&
    proof.index >= 0 &&
    proof.index < proof.size &&
    sides.join() === proof.path.map((step) => step.side).join();
  if (!shapeFits) return fail({ code: 'proof-shape', index: proof.index, size: proof.size });
  let node = leafNode(item);
  for (const step of proof.path) {
    const [left, right] = step.side === 'left' ? [step, node] : [node, step];
    if (!fitsBeside(left, right)) return fail({ code: 'interval', lo: step.lo, hi: step.hi });
    node = parentOf(left, right);
  }
  return sameRoot(node, summary);
}

/** A pasted or listed receipt against the published tree: its own leaf first, then the server's proof for it. */
export async function checkReceiptV2(
  summary: FairnessSummaryV2,
  receipt: PastedReceipt,
  fetchProof: (leaf: string) => Promise<InclusionProofResponse | null>,
): Promise<TreeCheck> {
  if (receipt.gameDate !== summary.gameDate)
    return fail({ code: 'receipt-game', receiptGame: receipt.gameDate, game: summary.gameDate });
  const leaf = itemLeaf(summary.gameDate, {
    kind: receipt.kind,
    id: receipt.id,
    number: receipt.number,
    salt: receipt.salt,
  });
  if (leaf !== receipt.leaf) return fail({ code: 'receipt-leaf' });
  const proof = await fetchProof(receipt.leaf);
  if (proof === null) return fail({ code: 'not-found' });
  return verifyInclusion(summary, receipt, proof);
}

export type FetchItemsPage = (from: number, count: number) => Promise<FairnessItemsResponse>;

/**
 * Pages of at most `pageSize` items, `count` in all from `from`; each page must answer what was asked. `ahead` more
 * pages are asked for while one is read, so the download of the next overlaps the checking of this one; none once
 * `signal` aborts.
 */
export async function* readItemPages(
  fetchPage: FetchItemsPage,
  count: number,
  pageSize: number,
  options: { ahead?: number; signal?: AbortSignal | undefined } = {},
): AsyncGenerator<{ ok: true; from: number; items: TreeItemDto[] } | { ok: false; mismatch: TreeMismatch }> {
  const step = Math.max(1, pageSize);
  const inFlight: { from: number; asked: number; page: Promise<FairnessItemsResponse> }[] = [];
  let nextFrom = 0;
  const askNext = () => {
    const from = nextFrom;
    const asked = Math.min(step, count - from);
    const page = fetchPage(from, asked);
    // A page asked ahead and never read (a mismatch or CANCEL stopped the reading) fails unseen.
    page.catch(() => undefined);
    inFlight.push({ from, asked, page });
    nextFrom += step;
  };
  const mayAsk = () => nextFrom < count && options.signal?.aborted !== true;
  if (mayAsk()) askNext();
  for (let next = inFlight.shift(); next !== undefined; next = inFlight.shift()) {
    while (mayAsk() && inFlight.length < (options.ahead ?? 0)) askNext();
    const { from, asked } = next;
    const page = await next.page;
    if (page.from !== from || page.items.length !== asked) {
      yield { ok: false, mismatch: { code: 'page', from, asked, got: page.items.length, answeredFrom: page.from } };
      return;
    }
    yield { ok: true, from, items: page.items };
    if (inFlight.length === 0 && mayAsk()) askNext();
  }
}

/** The leaves of a run of items, each recomputed from its fields, and their order; `previous` is the item before the run. */
function checkItems(gameKey: string, items: readonly TreeItemDto[], previous: TreeItemDto | undefined): TreeCheck {
  let before = previous;
  for (const item of items) {
    if (itemLeaf(gameKey, item) !== item.leaf) return fail({ code: 'leaf', kind: item.kind, id: item.id });
    if (before !== undefined && !inTreeOrder(before, item)) {
      return fail({ code: 'order', kind: item.kind, id: item.id, number: item.number, previousNumber: before.number });
    }
    before = item;
  }
  return OK;
}

/** The summary's own arithmetic: its size is its entries and mines. */
function checkTotals(summary: FairnessSummaryV2): TreeCheck {
  const counted = summary.entriesTotal + summary.minesTotal;
  return counted === summary.size ? OK : fail({ code: 'size', counted, published: summary.size });
}

/** §16's bound B: the runner-up's number when both places exist, otherwise every item is needed (B = hi). */
export const winnerBound = (summary: FairnessSummaryV2): number =>
  summary.winningNumber !== null && summary.secondPlaceNumber !== null ? summary.secondPlaceNumber : summary.hi;

/** How many complement nodes the walk of §16 gives for `count` known items of `size`. */
function complementNeeded(count: number, size: number): number {
  let needed = 0;
  for (let k = count, s = size; s > 1; k = Math.ceil(k / 2), s = Math.ceil(s / 2))
    if (k % 2 === 1 && k < s) needed += 1;
  return needed;
}

/** The level above `nodes`; an odd last node moves up unchanged. The right node's interval when two neighbours' do not fit. */
function levelAbove(nodes: readonly TreeNodeDto[]): TreeNodeDto[] | { lo: number; hi: number } {
  const above: TreeNodeDto[] = [];
  for (let i = 0; i + 1 < nodes.length; i += 2) {
    const left = nodes[i] as TreeNodeDto;
    const right = nodes[i + 1] as TreeNodeDto;
    if (!fitsBeside(left, right)) return { lo: right.lo, hi: right.hi };
    above.push(parentOf(left, right));
  }
  if (nodes.length % 2 === 1) above.push(nodes[nodes.length - 1] as TreeNodeDto);
  return above;
}

/** The resolution of §6 over items, mines included. */
const resolve = (items: readonly TreeItemDto[]) =>
  winnerAndRunnerUp(
    items.filter((item) => item.kind === 'entry').map((item) => item.number),
    items.filter((item) => item.kind === 'mine').map((item) => item.number),
  );

function checkResult(
  summary: FairnessSummaryV2,
  result: { winningNumber: number | null; secondPlaceNumber: number | null },
): TreeCheck {
  if (result.winningNumber !== summary.winningNumber)
    return fail({ code: 'winner', computed: result.winningNumber, published: summary.winningNumber });
  if (result.secondPlaceNumber !== summary.secondPlaceNumber) {
    return fail({ code: 'runner-up', computed: result.secondPlaceNumber, published: summary.secondPlaceNumber });
  }
  return OK;
}

/** The proof's announced shape before any item is read, so a lying count never makes the browser fetch a whole game. */
export function checkWinnerProofShape(summary: FairnessSummaryV2, proof: WinnerProofResponse): TreeCheck {
  const totals = checkTotals(summary);
  if (!totals.ok) return totals;
  const needed = winnerBound(summary);
  if (proof.bound !== needed) return fail({ code: 'bound', published: proof.bound, needed });
  if (
    !Number.isSafeInteger(proof.count) ||
    proof.count < 0 ||
    proof.count > summary.size ||
    (proof.count === 0 && summary.size > 0)
  ) {
    return fail({ code: 'count', announced: proof.count, read: 0, size: summary.size });
  }
  return OK;
}

/**
 * The winner proof: `items` are the first `proof.count` items. Their leaves follow from their fields, they are in
 * tree order, all but the last are ≤ B and the last is above B unless they are all; every complement node has
 * lo > B; items and complement rebuild the root; and the resolution over the items gives the published winner
 * and runner-up.
 */
export function verifyWinnerProof(
  summary: FairnessSummaryV2,
  proof: WinnerProofResponse,
  items: readonly TreeItemDto[],
): TreeCheck {
  const shape = checkWinnerProofShape(summary, proof);
  if (!shape.ok) return shape;
  if (items.length !== proof.count)
    return fail({ code: 'count', announced: proof.count, read: items.length, size: summary.size });
  const itemsCheck = checkItems(summary.gameDate, items, undefined);
  if (!itemsCheck.ok) return itemsCheck;
  // The items run to the first one above B (a right node's lo enters no hash, so only an item can show that
  // nothing up to B is left out), unless they are the whole game.
  const pastBound = items.findIndex((item, i) => i > 0 && (items[i - 1] as TreeItemDto).number > proof.bound);
  const past = items[pastBound];
  if (past) return fail({ code: 'past-bound', kind: past.kind, id: past.id, number: past.number, bound: proof.bound });
  const last = items.at(-1);
  if (last && last.number <= proof.bound && proof.count < summary.size)
    return fail({ code: 'stops-short', number: last.number, bound: proof.bound });
  const needed = complementNeeded(proof.count, summary.size);
  if (proof.complement.length !== needed)
    return fail({ code: 'complement-count', given: proof.complement.length, needed });
  const low = proof.complement.find((node) => node.lo <= proof.bound);
  if (low) return fail({ code: 'complement-low', lo: low.lo, bound: proof.bound });

  let root: TreeNodeDto;
  if (summary.size === 0) {
    root = emptyRootV2(summary.gameDate);
  } else {
    let level: TreeNodeDto[] = items.map(leafNode);
    let given = 0;
    for (let s = summary.size; s > 1; s = Math.ceil(s / 2)) {
      const next = proof.complement[given];
      if (level.length % 2 === 1 && level.length < s && next !== undefined) {
        level.push(next);
        given += 1;
      }
      const above = levelAbove(level);
      if (!Array.isArray(above)) return fail({ code: 'interval', ...above });
      level = above;
    }
    root = level[0] as TreeNodeDto;
  }
  const rootCheck = sameRoot(root, summary);
  if (!rootCheck.ok) return rootCheck;
  return checkResult(summary, resolve(items));
}

/** Reads the first `count` items through the pages, then checks the winner proof with them. */
export async function checkWinner(
  summary: FairnessSummaryV2,
  proof: WinnerProofResponse,
  fetchPage: FetchItemsPage,
): Promise<TreeCheck> {
  const shape = checkWinnerProofShape(summary, proof);
  if (!shape.ok) return shape;
  const items: TreeItemDto[] = [];
  for await (const page of readItemPages(fetchPage, proof.count, summary.pageSize)) {
    if (!page.ok) return fail(page.mismatch);
    items.push(...page.items);
  }
  return verifyWinnerProof(summary, proof, items);
}

/**
 * The tree from items in order, O(log n) nodes held: one complete subtree per set bit of the count. The root
 * folds them from the right, which is the level-by-level definition with its odd last node carried up.
 */
class StreamingRoot {
  readonly #stack: { height: number; node: TreeNodeDto }[] = [];

  push(item: TreeItemDto): void {
    let node = leafNode(item);
    let height = 0;
    for (let top = this.#stack.at(-1); top?.height === height; top = this.#stack.at(-1)) {
      this.#stack.pop();
      node = parentOf(top.node, node);
      height += 1;
    }
    this.#stack.push({ height, node });
  }

  root(gameKey: string): TreeNodeDto {
    let node = this.#stack.at(-1)?.node;
    if (node === undefined) return emptyRootV2(gameKey);
    for (let i = this.#stack.length - 2; i >= 0; i -= 1)
      node = parentOf((this.#stack[i] as { node: TreeNodeDto }).node, node);
    return node;
  }
}

/** The lowest two unique numbers of items arriving in number order: each number's picks are resolved when it ends. */
class StreamingResolution {
  readonly #uniques: number[] = [];
  #group: TreeItemDto[] = [];

  push(item: TreeItemDto): void {
    if (this.#group[0] !== undefined && this.#group[0].number !== item.number) this.#close();
    this.#group.push(item);
  }

  result(): { winningNumber: number | null; secondPlaceNumber: number | null } {
    this.#close();
    return { winningNumber: this.#uniques[0] ?? null, secondPlaceNumber: this.#uniques[1] ?? null };
  }

  #close(): void {
    const unique = resolve(this.#group).winningNumber;
    if (unique !== null && this.#uniques.length < 2) this.#uniques.push(unique);
    this.#group = [];
  }
}

/**
 * Pages FULL AUDIT keeps asked for beyond the one it checks: the server reads the next page while it compresses
 * another, and the browser downloads both while this one is hashed. Three pages of 10,000 are about 5 MB held.
 */
const AUDIT_PAGES_AHEAD = 2;

export interface AuditProgress {
  done: number;
  total: number;
}

/**
 * FULL AUDIT: every page, every leaf from its fields, the order, every node and interval up to the root, the
 * totals and the resolution. Stops at the first mismatch, or when `signal` aborts (then it answers null).
 */
export async function auditGame(
  summary: FairnessSummaryV2,
  fetchPage: FetchItemsPage,
  onProgress: (progress: AuditProgress) => void,
  signal?: AbortSignal,
): Promise<TreeCheck | null> {
  const totals = checkTotals(summary);
  if (!totals.ok) return totals;
  const tree = new StreamingRoot();
  const resolution = new StreamingResolution();
  let previous: TreeItemDto | undefined;
  const counted = { entry: 0, mine: 0 };
  onProgress({ done: 0, total: summary.size });
  for await (const page of readItemPages(fetchPage, summary.size, summary.pageSize, {
    ahead: AUDIT_PAGES_AHEAD,
    signal,
  })) {
    if (signal?.aborted === true) return null;
    if (!page.ok) return fail(page.mismatch);
    const itemsCheck = checkItems(summary.gameDate, page.items, previous);
    if (!itemsCheck.ok) return itemsCheck;
    for (const item of page.items) {
      tree.push(item);
      resolution.push(item);
      counted[item.kind] += 1;
    }
    previous = page.items.at(-1);
    onProgress({ done: page.from + page.items.length, total: summary.size });
  }
  if (signal?.aborted === true) return null;
  if (counted.entry !== summary.entriesTotal || counted.mine !== summary.minesTotal) {
    return fail({
      code: 'totals',
      entries: counted.entry,
      mines: counted.mine,
      publishedEntries: summary.entriesTotal,
      publishedMines: summary.minesTotal,
    });
  }
  const rootCheck = sameRoot(tree.root(summary.gameDate), summary);
  if (!rootCheck.ok) return rootCheck;
  return checkResult(summary, resolution.result());
}
