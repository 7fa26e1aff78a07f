// The admin DATA tab's read model: apart from the entries repository the game writes through.
import type { EntryType, GameKey, Instant } from '../model.ts';

export interface AdminSubmissionRow {
  id: string;
  number: number;
  userId: string | null;
  userDisplayName: string | null;
  userEmail: string | null;
  entryType: EntryType;
  guildName: string | null;
  submittedAt: Instant;
}

export interface AdminQueries {
  /** The game's entries, newest first (then by id, descending), with who made them; and how many there are. */
  submissions(
    gameKey: GameKey,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminSubmissionRow[]; totalCount: number }>;
}
