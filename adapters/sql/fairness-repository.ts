// The fairness rows (DESIGN.md §16): the keys streamed in tree order for the close's tree (and the leaves in string
// order for a version 1 root), the stored tree, and the published entries and mines of a closed game.
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { GameKey, Instant } from '../../core/model.ts';
import type {
  EntryLeafRow,
  FairnessRepository,
  MineLeafRow,
  StoredRoot,
  StoredTreeNode,
  TreeSummary,
} from '../../core/fairness/ports.ts';
import {
  compareTreeItems,
  keyAt,
  keysInTreeOrder,
  LEAF_LENGTH,
  packKeys,
  unpackKeys,
} from '../../core/fairness/tree-v2.ts';
import type { TreeItem, TreeKeys, TreeLeaf, WinnerProof } from '../../core/fairness/model.ts';
import type { Database, FairnessNodesTable } from './schema.ts';
import type { SqlContext } from './dialect.ts';

/**
 * Keys read per query while streaming: keyset pages over the (game_key, number, leaf) or (game_key, leaf) index. Small enough that a page is
 * folded before the collector moves it to the old generation: with 20,000, PostgreSQL's 1,000,000-entry close grew
 * the heap by about 180 MB of leaves already hashed; with 5,000 by about 60 MB, in the same time.
 */
const PAGE = 5_000;

type LeafQuery = { compile(): CompiledQuery<{ leaf: string }>; execute(): Promise<{ leaf: string }[]> };
const leavesOfRows = (rows: { leaf: string }[]): string[] => rows.map((r) => r.leaf);

/** How #pages reads a game's keys: pages of entries after a key, and the mines merged into them. */
interface Pages<Page, Key> {
  after(last: Key | null): Promise<Page>;
  size(page: Page): number;
  last(page: Page): Key | null;
  before(a: Key, b: Key): boolean;
  /** The page with these mines (all of them before its last key, or the game's last ones) in their places. */
  withMines(page: Page, mines: readonly Key[]): Page;
}

/** Two sorted lists as one. */
const mergeSorted = <Key>(a: readonly Key[], b: readonly Key[], before: (x: Key, y: Key) => boolean): Key[] => {
  const merged: Key[] = [];
  let j = 0;
  for (const x of a) {
    for (let y = b[j]; y !== undefined && before(y, x); y = b[++j]) merged.push(y);
    merged.push(x);
  }
  return [...merged, ...b.slice(j)];
};

/** Nodes written per INSERT: 8 values each, well under either database's limit of bound values. */
const NODES_PER_INSERT = 500;

const toNode = (row: FairnessNodesTable): StoredTreeNode => ({
  level: row.level,
  position: row.position,
  hash: row.hash,
  lo: Number(row.lo),
  hi: Number(row.hi),
  first:
    row.first_number === null || row.first_leaf === null
      ? null
      : { number: Number(row.first_number), leaf: row.first_leaf },
});

export class SqlFairnessRepository implements FairnessRepository {
  constructor(
    private readonly ctx: SqlContext,
    /** Only tests pass a smaller page, to cross page boundaries with a few rows. */
    private readonly pageSize = PAGE,
  ) {}

  /**
   * Byte order, as JavaScript compares the hex strings: SQLite's default BINARY collation already is;
   * PostgreSQL's column is "C" since 0005, said again here so the order never rests on the locale.
   */
  #leafOrder(): RawBuilder<string> {
    return this.ctx.dialect.name === 'postgres' ? sql<string>`leaf collate "C"` : sql<string>`leaf`;
  }

  async *sortedLeaves(gameKey: GameKey): AsyncIterable<readonly string[]> {
    // Leaves only, never row objects where the store can (a million of them cost more than reading them).
    const { firstColumn } = this.ctx;
    const leavesOf = (query: LeafQuery) => (firstColumn ? firstColumn(query) : query.execute().then(leavesOfRows));
    const mines = leavesOf(
      this.ctx.db.selectFrom('mines').select('leaf').where('game_key', '=', gameKey).orderBy(this.#leafOrder()),
    );
    const before = (a: string, b: string) => a < b;
    yield* this.#pages(mines, {
      after: (last) => {
        let query = this.ctx.db.selectFrom('entries').select('leaf').where('game_key', '=', gameKey);
        if (last !== null) query = query.where('leaf', '>', last);
        return leavesOf(query.orderBy(this.#leafOrder()).limit(this.pageSize));
      },
      size: (page) => page.length,
      last: (page) => page.at(-1) ?? null,
      before,
      withMines: (page, mines) => mergeSorted(page, mines, before),
    });
  }

  async *treeKeys(gameKey: GameKey): AsyncIterable<TreeKeys> {
    // Beside the unit where the store can: called by the close, which holds the game, or for a closed game.
    const db = this.ctx.beside ?? this.ctx.db;
    // Only the (game_key, number, leaf) index's own columns: the read never visits the rows.
    const mines = db
      .selectFrom('mines')
      .select(['number', 'leaf'])
      .where('game_key', '=', gameKey)
      .orderBy('number')
      .orderBy(this.#leafOrder())
      .execute()
      .then((rows) => rows.map((r): TreeLeaf => ({ number: Number(r.number), leaf: r.leaf })));
    const before = (a: TreeLeaf, b: TreeLeaf) => compareTreeItems(a, b) < 0;
    yield* this.#pages(mines, {
      after: (last) => this.#entryKeys(db, gameKey, last),
      size: (page) => page.numbers.length,
      last: (page) => (page.numbers.length > 0 ? keyAt(page, page.numbers.length - 1) : null),
      before,
      // Most pages hold no mine and go on as read; the others are unpacked, merged and packed again.
      withMines: (page, mines) => (mines.length === 0 ? page : packKeys(mergeSorted(unpackKeys(page), mines, before))),
    });
  }

  /**
   * A page of the game's entry keys after `last`, in tree order, read as one row: the numbers joined by commas and
   * the leaves end to end. A row per key costs the driver more than the index read itself (at 1,000,000 keys on
   * SQLite, 2.2 s against 0.5 s). SQLite joins a subquery's rows in the order it yields them, which its documentation
   * leaves open (an ORDER BY inside the aggregate sorts every page again: 2.2 s), so each page's order is checked
   * here: a page out of order fails the read, and the close with it, before anything is written. PostgreSQL is told
   * the order inside the aggregate.
   */
  async #entryKeys(db: Kysely<Database>, gameKey: GameKey, last: TreeLeaf | null): Promise<TreeKeys> {
    const page = db
      .selectFrom('entries')
      .select(['number', 'leaf'])
      .where('game_key', '=', gameKey)
      .$if(last !== null, (q) =>
        q.where((eb) => eb(eb.refTuple('number', 'leaf'), '>', eb.tuple(last?.number ?? 0, last?.leaf ?? ''))),
      )
      .orderBy('number')
      .orderBy(this.#leafOrder())
      .limit(this.pageSize)
      .as('page');
    const inOrder = this.ctx.dialect.name === 'postgres' ? sql` order by number, leaf collate "C"` : sql``;
    const row = await db
      .selectFrom(page)
      .select([
        sql<number | string>`count(*)`.as('size'),
        sql<string | null>`string_agg(cast(number as text), ','${inOrder})`.as('numbers'),
        sql<string | null>`string_agg(leaf, ''${inOrder})`.as('leaves'),
      ])
      .executeTakeFirstOrThrow();
    const size = Number(row.size);
    const numbers = Float64Array.from(row.numbers?.split(',') ?? [], Number);
    const leaves = row.leaves ?? '';
    if (numbers.length !== size || leaves.length !== size * LEAF_LENGTH)
      throw new Error(`Game ${gameKey} holds an entry whose leaf is not ${String(LEAF_LENGTH)} hex digits.`);
    const keys = { numbers, leaves };
    if (!keysInTreeOrder(keys, last)) throw new Error(`The database gave game ${gameKey}'s keys out of tree order.`);
    return keys;
  }

  /**
   * A game's keys in order, page by page: the entries' keyset pages (`after` the last key read) with the mines
   * merged in. Mines are few (one per player at most), so they are read whole. Keyset pages rather than a driver
   * stream: kysely streams SQLite row by row through several async generators (about 20 µs a row); a page is one
   * indexed range read.
   */
  async *#pages<Page, Key>(minesRead: Promise<Key[]>, pages: Pages<Page, Key>): AsyncIterable<Page> {
    const ask = (last: Key | null) => {
      const page = pages.after(last);
      // Handled here as well: a prefetched page that fails while the caller is still hashing the one before must not
      // count as an unhandled rejection; the loop's await still throws it.
      void page.catch(() => undefined);
      return page;
    };
    let inFlight: Promise<unknown> | null = null;
    try {
      const mines = await minesRead;
      let next = 0;
      let pending = ask(null);
      inFlight = pending;
      for (;;) {
        const page = await pending;
        const last = pages.last(page);
        const full = pages.size(page) === this.pageSize;
        // The next page is asked for before this one is folded: PostgreSQL reads it while the caller hashes
        // (SQLite, in this thread, reads it at the next await either way).
        if (full) pending = ask(last);
        inFlight = full ? pending : null;
        // This page takes the mines before its last key; the last page takes all that are left.
        let end = next;
        while (end < mines.length && (!full || (last !== null && pages.before(mines[end] as Key, last)))) end += 1;
        yield pages.withMines(page, mines.slice(next, end));
        next = end;
        if (!full) return;
      }
    } finally {
      // A caller that stops early (a leaf out of order) leaves no query running in its transaction.
      await inFlight?.catch(() => undefined);
    }
  }

  async closedWithoutTree(closedBefore: Instant): Promise<GameKey[]> {
    const rows = await this.ctx.db
      .selectFrom('games')
      .select('key')
      .where('status', '=', 'closed')
      .where('closed_at', '<', closedBefore)
      .where('fairness_root', 'is', null)
      .where('fairness_reason', 'is', null)
      .orderBy('key')
      .execute();
    return rows.map((r) => r.key);
  }

  async storeRoot(gameKey: GameKey, root: string): Promise<void> {
    await this.ctx.db
      .updateTable('games')
      .set({
        fairness_root: root,
        fairness_reason: null,
        fairness_version: null,
        fairness_size: null,
        fairness_lo: null,
        fairness_hi: null,
        fairness_winner_proof: null,
      })
      .where('key', '=', gameKey)
      .execute();
    await this.ctx.db.deleteFrom('fairness_nodes').where('game_key', '=', gameKey).execute();
  }

  async storedRoot(gameKey: GameKey): Promise<StoredRoot | null> {
    const row = await this.ctx.db
      .selectFrom('games')
      .select(['fairness_root', 'fairness_reason'])
      .where('key', '=', gameKey)
      .where('status', '=', 'closed')
      .executeTakeFirst();
    return row ? { root: row.fairness_root, reason: row.fairness_reason } : null;
  }

  async publishedRows(gameKey: GameKey): Promise<{ entries: EntryLeafRow[]; mines: MineLeafRow[] }> {
    const { db } = this.ctx;
    const entries = await db
      .selectFrom('entries')
      .select(['id as entryId', 'number', 'salt', 'leaf'])
      .where('game_key', '=', gameKey)
      .orderBy(this.#leafOrder())
      .execute();
    const mines = await db
      .selectFrom('mines')
      .select(['id as mineId', 'number', 'salt', 'leaf'])
      .where('game_key', '=', gameKey)
      .orderBy(this.#leafOrder())
      .execute();
    return { entries, mines };
  }

  async treeItems(gameKey: GameKey, from: TreeLeaf | null, skip: number, limit: number): Promise<TreeItem[]> {
    const { db } = this.ctx;
    // Each arm reads its (game_key, number, leaf) index in order and stops at skip + limit rows; only those are merged.
    // Without the arms' own order and limit, PostgreSQL scans and sorts the whole game for every page.
    const arm = <T extends 'entries' | 'mines'>(table: T, kind: TreeItem['kind']) =>
      db
        .selectFrom(
          db
            .selectFrom(table as 'entries')
            .select([sql.lit(kind).as('kind'), 'id', 'number', 'salt', 'leaf'])
            .where('game_key', '=', gameKey)
            .$if(from !== null, (q) =>
              q.where((eb) => eb(eb.refTuple('number', 'leaf'), '>=', eb.tuple(from?.number ?? 0, from?.leaf ?? ''))),
            )
            .orderBy('number')
            .orderBy(this.#leafOrder())
            .limit(skip + limit)
            .as('arm'),
        )
        .selectAll();
    const rows = await arm('entries', 'entry')
      .unionAll(arm('mines', 'mine'))
      .orderBy('number')
      .orderBy('leaf')
      .limit(limit)
      .offset(skip)
      .execute();
    return rows.map((r) => ({
      kind: r.kind === 'mine' ? 'mine' : 'entry',
      id: r.id,
      number: Number(r.number),
      salt: r.salt,
      leaf: r.leaf,
    }));
  }

  async treeItemByLeaf(gameKey: GameKey, leaf: string): Promise<TreeItem | null> {
    const { db } = this.ctx;
    const entry = await db
      .selectFrom('entries')
      .select(['id', 'number', 'salt', 'leaf'])
      .where('game_key', '=', gameKey)
      .where('leaf', '=', leaf)
      .executeTakeFirst();
    if (entry) return { kind: 'entry', id: entry.id, number: Number(entry.number), salt: entry.salt, leaf };
    const mine = await db
      .selectFrom('mines')
      .select(['id', 'number', 'salt', 'leaf'])
      .where('game_key', '=', gameKey)
      .where('leaf', '=', leaf)
      .executeTakeFirst();
    return mine ? { kind: 'mine', id: mine.id, number: Number(mine.number), salt: mine.salt, leaf } : null;
  }

  async storeTree(gameKey: GameKey, summary: TreeSummary, nodes: readonly StoredTreeNode[]): Promise<void> {
    const { db } = this.ctx;
    await db
      .updateTable('games')
      .set({
        fairness_root: summary.root,
        fairness_reason: null,
        fairness_version: 2,
        fairness_size: summary.size,
        fairness_lo: summary.lo,
        fairness_hi: summary.hi,
        fairness_winner_proof: JSON.stringify(summary.winnerProof),
      })
      .where('key', '=', gameKey)
      .execute();
    for (let i = 0; i < nodes.length; i += NODES_PER_INSERT) {
      const rows = nodes.slice(i, i + NODES_PER_INSERT).map((n) => ({
        game_key: gameKey,
        level: n.level,
        position: n.position,
        hash: n.hash,
        lo: n.lo,
        hi: n.hi,
        first_number: n.first?.number ?? null,
        first_leaf: n.first?.leaf ?? null,
      }));
      await db.insertInto('fairness_nodes').values(rows).execute();
    }
  }

  async treeSummary(gameKey: GameKey): Promise<TreeSummary | null> {
    const row = await this.ctx.db
      .selectFrom('games')
      .select(['fairness_root', 'fairness_size', 'fairness_lo', 'fairness_hi', 'fairness_winner_proof'])
      .where('key', '=', gameKey)
      .where('status', '=', 'closed')
      .where('fairness_version', '=', 2)
      .executeTakeFirst();
    if (!row || row.fairness_root === null || row.fairness_winner_proof === null) return null;
    return {
      root: row.fairness_root,
      size: Number(row.fairness_size),
      lo: Number(row.fairness_lo),
      hi: Number(row.fairness_hi),
      // Written only by storeTree, from the close's own WinnerProof.
      winnerProof: JSON.parse(row.fairness_winner_proof) as WinnerProof,
    };
  }

  async treeNodes(gameKey: GameKey, level: number, positions: readonly number[]): Promise<StoredTreeNode[]> {
    if (positions.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('fairness_nodes')
      .selectAll()
      .where('game_key', '=', gameKey)
      .where('level', '=', level)
      .where('position', 'in', [...positions])
      .execute();
    const byPosition = new Map(rows.map((r) => [Number(r.position), toNode(r)]));
    return positions.flatMap((p) => byPosition.get(p) ?? []);
  }

  async treeBlockAt(gameKey: GameKey, level: number, key: TreeLeaf): Promise<StoredTreeNode | null> {
    const row = await this.ctx.db
      .selectFrom('fairness_nodes')
      .selectAll()
      .where('game_key', '=', gameKey)
      .where('level', '=', level)
      .where((eb) => eb(eb.refTuple('first_number', 'first_leaf'), '<=', eb.tuple(key.number, key.leaf)))
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toNode(row) : null;
  }
}
