// The admin DATA tab: the current game's entries, a page at a time.
import type { Deps } from '../deps.ts';
import type { GameKey } from '../model.ts';
import { currentGame, type EffectiveStatus } from '../game/current-game.ts';
import type { AdminSubmissionRow } from './ports.ts';
import { clusteredAmong } from '../integrity/integrity.ts';

export interface SubmissionsPage {
  game: { date: GameKey; status: EffectiveStatus };
  /** `clustered`: the player's cluster has three or more accounts in this game (DESIGN.md §18). */
  submissions: (AdminSubmissionRow & { clustered: boolean })[];
  pagination: {
    page: number;
    limit: number;
    totalCount: number;
    totalPages: number;
    hasPreviousPage: boolean;
    hasNextPage: boolean;
  };
}

/** `page` counts from 1; `limit` rows a page. */
export const adminSubmissions = async (
  deps: Deps<'games' | 'integrity' | 'admin'>,
  page: number,
  limit: number,
): Promise<SubmissionsPage> => {
  const { game, effectiveStatus } = await currentGame(deps);
  const now = deps.clock.now();
  const { rows, totalCount } = await deps.store.read((repos) =>
    repos.admin.submissions(game.key, (page - 1) * limit, limit),
  );
  const clustered = await clusteredAmong(
    deps,
    game.key,
    rows.flatMap((r) => (r.userId === null ? [] : [r.userId])),
    now,
  );
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  return {
    game: { date: game.key, status: effectiveStatus },
    submissions: rows.map((row) => ({ ...row, clustered: row.userId !== null && clustered.has(row.userId) })),
    pagination: { page, limit, totalCount, totalPages, hasPreviousPage: page > 1, hasNextPage: page < totalPages },
  };
};
