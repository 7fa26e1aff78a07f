import type { Selectable } from 'kysely';
import type { GameKey, Instant, RewardItem, RewardType } from '../../core/model.ts';
import type { RewardRepository } from '../../core/rewards/ports.ts';
import { affected, type SqlContext } from './dialect.ts';
import type { RewardItemsTable } from './schema.ts';

const GRANT_BATCH = 500;

const rewardType = (value: string): RewardType => (value === 'mine' || value === 'how_many' ? value : 'peak');

// used_result only ever holds what markUsed wrote: a JSON object.
const parseResult = (json: string | null): Record<string, unknown> | null =>
  json === null ? null : (JSON.parse(json) as Record<string, unknown>);

const toItem = (row: Selectable<RewardItemsTable>): RewardItem => ({
  id: row.id,
  userId: row.user_id,
  rewardType: rewardType(row.reward_type),
  earnedAt: row.earned_at,
  expiresAt: row.expires_at,
  sourceGameKey: row.source_game_key,
  usedAt: row.used_at,
  usedInGameKey: row.used_in_game_key,
  usedResult: parseResult(row.used_result),
});

export class SqlRewardRepository implements RewardRepository {
  constructor(private readonly ctx: SqlContext) {}

  async grant(items: RewardItem[]): Promise<void> {
    // In slices: a close may grant thousands, and SQLite caps the bound parameters of one statement.
    for (let start = 0; start < items.length; start += GRANT_BATCH) {
      await this.#insert(items.slice(start, start + GRANT_BATCH));
    }
  }

  async #insert(items: RewardItem[]): Promise<void> {
    await this.ctx.db
      .insertInto('reward_items')
      .values(
        items.map((i) => ({
          id: i.id,
          user_id: i.userId,
          reward_type: i.rewardType,
          earned_at: i.earnedAt,
          expires_at: i.expiresAt,
          source_game_key: i.sourceGameKey,
          used_at: i.usedAt,
          used_in_game_key: i.usedInGameKey,
          used_result: i.usedResult === null ? null : JSON.stringify(i.usedResult),
        })),
      )
      .execute();
  }

  async firstAvailable(userId: string, type: RewardType, now: Instant): Promise<RewardItem | null> {
    const row = await this.ctx.db
      .selectFrom('reward_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reward_type', '=', type)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('expires_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? toItem(row) : null;
  }

  async markUsed(id: string, usedAt: Instant, gameKey: GameKey, result: Record<string, unknown>): Promise<boolean> {
    const outcome = await this.ctx.db
      .updateTable('reward_items')
      .set({ used_at: usedAt, used_in_game_key: gameKey, used_result: JSON.stringify(result) })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return affected(outcome) > 0;
  }

  async forUser(userId: string): Promise<RewardItem[]> {
    const rows = await this.ctx.db
      .selectFrom('reward_items')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('earned_at')
      .orderBy('id')
      .execute();
    return rows.map(toItem);
  }

  async usageHistory(userId: string, limit: number, offset: number): Promise<RewardItem[]> {
    const rows = await this.ctx.db
      .selectFrom('reward_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is not', null)
      .orderBy('used_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(0, limit))
      .offset(Math.max(0, offset))
      .execute();
    return rows.map(toItem);
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.ctx.db.deleteFrom('reward_items').where('user_id', '=', userId).execute();
  }
}
