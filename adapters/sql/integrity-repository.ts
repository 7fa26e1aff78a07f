// The integrity signals and flags (DESIGN.md §18) on SQLite and PostgreSQL. Every read is one set-based statement
// over a ring of accounts, so expanding a cluster costs a few statements per ring, whatever the game's size.
import type { GameKey, GameStats } from '../../core/model.ts';
import type { FlagRole, IntegrityEvidence, IntegrityFlag, RecordedKind } from '../../core/integrity/model.ts';
import type {
  IntegrityRepository,
  PickRow,
  ReferralLink,
  SharedSignalRow,
  WindowGame,
} from '../../core/integrity/ports.ts';
import type { SignalHash } from '../../core/integrity/model.ts';
import { toNumber, type SqlContext } from './dialect.ts';

const toPick = (row: { user_id: string | null; game_key: string; number: number }): PickRow => ({
  userId: row.user_id as string,
  gameKey: row.game_key,
  number: row.number,
});

export class SqlIntegrityRepository implements IntegrityRepository {
  constructor(private readonly ctx: SqlContext) {}

  async record(userId: string, signals: readonly SignalHash[], day: string): Promise<void> {
    if (signals.length === 0) return;
    await this.ctx.db
      .insertInto('integrity_signals')
      .values(signals.map(({ kind, hash }) => ({ user_id: userId, kind, hash, day })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async shared(userIds: readonly string[], sinceDay: string, crowd: number): Promise<SharedSignalRow[]> {
    if (userIds.length === 0) return [];
    const { db } = this.ctx;
    // Each step is a range of the (kind, hash, day, user_id) index or of the primary key; the pairs are made here,
    // so a hundred accounts on one device over thirty days pair as accounts, not as days.
    const ringSignals = await db
      .selectFrom('integrity_signals')
      .select(['user_id', 'kind', 'hash'])
      .distinct()
      .where('user_id', 'in', userIds)
      .where('day', '>=', sinceDay)
      .execute();
    const holders = async (kind: RecordedKind): Promise<Map<string, Set<string>>> => {
      const hashes = [...new Set(ringSignals.filter((r) => r.kind === kind).map((r) => r.hash))];
      const byHash = new Map<string, Set<string>>();
      if (hashes.length === 0) return byHash;
      const rows = await db
        .selectFrom('integrity_signals')
        .select(['hash', 'user_id'])
        .distinct()
        .where('kind', '=', kind)
        .where('hash', 'in', hashes)
        .where('day', '>=', sinceDay)
        .execute();
      for (const row of rows) byHash.set(row.hash, (byHash.get(row.hash) ?? new Set<string>()).add(row.user_id));
      return byHash;
    };
    const result: SharedSignalRow[] = [];
    const devices = await holders('device');
    const paired = new Set<string>();
    for (const { user_id: userId, kind, hash } of ringSignals) {
      if (kind !== 'device') continue;
      for (const otherId of devices.get(hash) ?? []) {
        if (otherId === userId || paired.has(`${userId}|${otherId}`)) continue;
        paired.add(`${userId}|${otherId}`);
        result.push({ userId, otherId, kind: 'device', days: 0 });
      }
    }
    // A network pairs accounts seen on it the same day, and only a network no crowd uses.
    const networks = await holders('network');
    const quiet = [...networks].filter(([, users]) => users.size <= crowd).map(([hash]) => hash);
    if (quiet.length === 0) return result;
    const rows = await db
      .selectFrom('integrity_signals as m')
      .innerJoin('integrity_signals as o', (join) =>
        join
          .onRef('o.kind', '=', 'm.kind')
          .onRef('o.hash', '=', 'm.hash')
          .onRef('o.day', '=', 'm.day')
          .onRef('o.user_id', '<>', 'm.user_id'),
      )
      .select((eb) => ['m.user_id as user_id', 'o.user_id as other_id', eb.fn.count('m.day').distinct().as('days')])
      .where('m.kind', '=', 'network')
      .where('m.user_id', 'in', userIds)
      .where('m.hash', 'in', quiet)
      .where('m.day', '>=', sinceDay)
      .groupBy(['m.user_id', 'o.user_id'])
      .execute();
    for (const r of rows)
      result.push({ userId: r.user_id, otherId: r.other_id, kind: 'network', days: toNumber(r.days) });
    return result;
  }

  async referrals(userIds: readonly string[]): Promise<ReferralLink[]> {
    if (userIds.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('referrals')
      .select(['referrer_id', 'referred_id'])
      .where((eb) => eb.or([eb('referrer_id', 'in', userIds), eb('referred_id', 'in', userIds)]))
      .execute();
    return rows.map((r) => ({ referrerId: r.referrer_id, referredId: r.referred_id }));
  }

  async windowGames(upTo: GameKey, count: number): Promise<WindowGame[]> {
    const { db } = this.ctx;
    const rows = await db
      .selectFrom('games')
      .select(['key', 'stats'])
      .where('status', '=', 'closed')
      .where('closes_at', '<=', db.selectFrom('games').select('closes_at').where('key', '=', upTo))
      .orderBy('closes_at', 'desc')
      .orderBy('number', 'desc')
      .limit(count)
      .execute();
    return rows.flatMap((row) => {
      if (!row.stats) return [];
      const stats = JSON.parse(row.stats) as GameStats;
      return [{ key: row.key, entriesTotal: stats.snapshot.entriesTotal, histogram: stats.histogram }];
    });
  }

  async picks(userIds: readonly string[], gameKeys: readonly GameKey[]): Promise<PickRow[]> {
    if (userIds.length === 0 || gameKeys.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('entries')
      .select(['user_id', 'game_key', 'number'])
      .where('user_id', 'in', userIds)
      .where('game_key', 'in', gameKeys)
      .execute();
    return rows.map(toPick);
  }

  async lowPicks(gameKey: GameKey, atMost: number, limit: number): Promise<PickRow[]> {
    const rows = await this.ctx.db
      .selectFrom('entries')
      .select(['user_id', 'game_key', 'number'])
      .where('game_key', '=', gameKey)
      .where('number', '<=', atMost)
      .where('user_id', 'is not', null)
      .orderBy('number')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toPick);
  }

  async saveFlag(flag: IntegrityFlag): Promise<void> {
    const { db } = this.ctx;
    const inserted = await db
      .insertInto('integrity_flags')
      .values({
        game_key: flag.gameKey,
        role: flag.role,
        user_id: flag.userId,
        evidence: JSON.stringify(flag.evidence),
        created_at: flag.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('game_key')
      .execute();
    if (inserted.length === 0 || flag.memberIds.length === 0) return;
    await db
      .insertInto('integrity_flag_members')
      .values(flag.memberIds.map((userId) => ({ game_key: flag.gameKey, role: flag.role, user_id: userId })))
      .execute();
  }

  async winnerEvidence(winningIds: readonly string[]): Promise<Map<string, IntegrityEvidence>> {
    if (winningIds.length === 0) return new Map();
    const rows = await this.ctx.db
      .selectFrom('winnings as w')
      .innerJoin('integrity_flags as f', (join) =>
        join.onRef('f.game_key', '=', 'w.game_key').onRef('f.user_id', '=', 'w.user_id').on('f.role', '=', 'winner'),
      )
      .select(['w.id', 'f.evidence'])
      .where('w.id', 'in', winningIds)
      .execute();
    return new Map(rows.map((r) => [r.id, JSON.parse(r.evidence) as IntegrityEvidence]));
  }

  async flags(gameKey: GameKey): Promise<IntegrityFlag[]> {
    const { db } = this.ctx;
    const rows = await db.selectFrom('integrity_flags').selectAll().where('game_key', '=', gameKey).execute();
    const members = await db
      .selectFrom('integrity_flag_members')
      .select(['role', 'user_id'])
      .where('game_key', '=', gameKey)
      .orderBy('user_id')
      .execute();
    return rows
      .map((row) => ({
        gameKey: row.game_key,
        role: row.role as FlagRole,
        userId: row.user_id,
        evidence: JSON.parse(row.evidence) as IntegrityEvidence,
        memberIds: members.filter((m) => m.role === row.role).map((m) => m.user_id),
        createdAt: row.created_at,
      }))
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'winner' ? -1 : 1));
  }

  async deleteSignalsBefore(day: string): Promise<void> {
    await this.ctx.db.deleteFrom('integrity_signals').where('day', '<', day).execute();
  }
}
