// What the fairness module needs from the database: the leaves in order for the close, the stored
// root, and the published rows of a closed game.
import type { GameKey } from '../model.ts';

export interface EntryLeafRow {
  entryId: string;
  number: number;
  salt: string;
  leaf: string;
}

export interface MineLeafRow {
  mineId: string;
  number: number;
  salt: string;
  leaf: string;
}

/** The stored commitment of a closed game: the root, or null with the reason there is none. */
export interface StoredRoot {
  root: string | null;
  reason: string | null;
}

export interface FairnessRepository {
  /**
   * Every leaf of the game, entries and mines together, ascending as strings (code-point order), in
   * pages: the close folds them into the root without holding them all (pages, not single leaves,
   * because an await per leaf costs more than its hash).
   */
  sortedLeaves(gameKey: GameKey): AsyncIterable<readonly string[]>;
  /**
   * The root of the same leaves by the same fold (rootOfSortedStream, SHA-256 of node:crypto), computed on another
   * thread or connection beside the unit, or null when this store does not (then the caller folds sortedLeaves).
   * `entries`: the game's size, for the store to judge whether it pays. SQLite folds a large close's root on a
   * worker (on its one thread the fold's reads and hashes would take turns with the counters' statements);
   * PostgreSQL reads the leaves on a second connection in the unit's snapshot. Call it before the unit writes
   * entries or mines of the game: the leaves may be read as committed; the close writes neither and holds the
   * game, so it sees every leaf.
   */
  rootBeside(gameKey: GameKey, entries: number): Promise<{ root: string; leaves: number } | null>;
  /** Stores the root with the game; the close calls it in its own unit of work, once. */
  storeRoot(gameKey: GameKey, root: string): Promise<void>;
  /** The stored root of a closed game, or null when the game is unknown or open. */
  storedRoot(gameKey: GameKey): Promise<StoredRoot | null>;
  /** The game's entries and mines with their salts and leaves, each list sorted by leaf. */
  publishedRows(gameKey: GameKey): Promise<{ entries: EntryLeafRow[]; mines: MineLeafRow[] }>;
}
