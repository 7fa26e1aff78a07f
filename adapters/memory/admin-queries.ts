import type { AdminQueries, AdminSubmissionRow } from '../../core/admin/ports.ts';
import type { Entry, GameKey } from '../../core/model.ts';
import type { MemoryState } from './state.ts';

const newestFirst = (a: Entry, b: Entry): number =>
  a.submittedAt !== b.submittedAt ? (a.submittedAt < b.submittedAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

export class MemoryAdminQueries implements AdminQueries {
  constructor(private readonly state: () => MemoryState) {}

  async submissions(
    gameKey: GameKey,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminSubmissionRow[]; totalCount: number }> {
    const s = this.state();
    const all = [...s.entries.values()].filter((e) => e.gameKey === gameKey).sort(newestFirst);
    const rows = all
      .slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit))
      .map((e): AdminSubmissionRow => {
        const user = e.userId ? s.users.get(e.userId) : undefined;
        const membership = e.userId ? s.guildMembers.get(e.userId) : undefined;
        const guild = membership ? s.guilds.get(membership.guildId) : undefined;
        return {
          id: e.id,
          number: e.number,
          userId: e.userId,
          userDisplayName: user?.displayName ?? null,
          userEmail: user?.email ?? null,
          entryType: e.entryType,
          guildName: guild?.name ?? null,
          submittedAt: e.submittedAt,
        };
      });
    return { rows, totalCount: all.length };
  }
}
