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
  /** Stores the root with the game; the close calls it in its own unit of work, once. */
  storeRoot(gameKey: GameKey, root: string): Promise<void>;
  /** The stored root of a closed game, or null when the game is unknown or open. */
  storedRoot(gameKey: GameKey): Promise<StoredRoot | null>;
  /** The game's entries and mines with their salts and leaves, each list sorted by leaf. */
  publishedRows(gameKey: GameKey): Promise<{ entries: EntryLeafRow[]; mines: MineLeafRow[] }>;
}
