// The integrity signals and flags over the in-memory tables; the same answers as adapters/sql/integrity-repository.ts.
import type { GameKey } from '../../core/model.ts';
import type { IntegrityEvidence, IntegrityFlag } from '../../core/integrity/model.ts';
import type {
  IntegrityRepository,
  PickRow,
  ReferralLink,
  SharedSignalRow,
  WindowGame,
} from '../../core/integrity/ports.ts';
import type { SignalHash } from '../../core/integrity/model.ts';
import type { IntegritySignalRow, MemoryState } from './state.ts';

const byDeadline = (a: { closesAt: string; number: number }, b: { closesAt: string; number: number }): number =>
  a.closesAt !== b.closesAt ? (a.closesAt < b.closesAt ? 1 : -1) : b.number - a.number;

export class MemoryIntegrityRepository implements IntegrityRepository {
  constructor(private readonly state: () => MemoryState) {}

  async record(userId: string, signals: readonly SignalHash[], day: string): Promise<void> {
    const rows = this.state().integritySignals;
    for (const { kind, hash } of signals) {
      const key = `${userId}|${kind}|${hash}|${day}`;
      if (!rows.has(key)) rows.set(key, { userId, kind, hash, day });
    }
  }

  async shared(userIds: readonly string[], sinceDay: string, crowd: number): Promise<SharedSignalRow[]> {
    const recent = [...this.state().integritySignals.values()].filter((r) => r.day >= sinceDay);
    const bySignal = new Map<string, IntegritySignalRow[]>();
    for (const row of recent) {
      const key = `${row.kind}|${row.hash}`;
      bySignal.set(key, [...(bySignal.get(key) ?? []), row]);
    }
    const wanted = new Set(userIds);
    const result = new Map<string, SharedSignalRow & { dayList: Set<string> }>();
    for (const rows of bySignal.values()) {
      const kind = rows[0]?.kind;
      if (kind === 'network' && new Set(rows.map((r) => r.userId)).size > crowd) continue;
      for (const mine of rows) {
        if (!wanted.has(mine.userId)) continue;
        for (const theirs of rows) {
          if (theirs.userId === mine.userId) continue;
          if (kind === 'network' && theirs.day !== mine.day) continue;
          const key = `${mine.userId}|${theirs.userId}|${kind}`;
          const found = result.get(key) ?? {
            userId: mine.userId,
            otherId: theirs.userId,
            kind: mine.kind,
            days: 0,
            dayList: new Set<string>(),
          };
          if (kind === 'network') found.dayList.add(mine.day);
          result.set(key, found);
        }
      }
    }
    return [...result.values()].map(({ dayList, ...row }) => ({ ...row, days: dayList.size }));
  }

  async referrals(userIds: readonly string[]): Promise<ReferralLink[]> {
    const wanted = new Set(userIds);
    return [...this.state().referrals.values()]
      .filter((r) => wanted.has(r.referrerId) || wanted.has(r.referredId))
      .map((r) => ({ referrerId: r.referrerId, referredId: r.referredId }));
  }

  async windowGames(upTo: GameKey, count: number): Promise<WindowGame[]> {
    const s = this.state();
    const last = s.games.get(upTo);
    if (!last) return [];
    return [...s.games.values()]
      .filter((g) => g.status === 'closed' && g.closesAt <= last.closesAt)
      .sort(byDeadline)
      .flatMap((g) => {
        const stats = s.gameStats.get(g.key);
        return stats
          ? [{ key: g.key, entriesTotal: stats.snapshot.entriesTotal, histogram: structuredClone(stats.histogram) }]
          : [];
      })
      .slice(0, count);
  }

  async picks(userIds: readonly string[], gameKeys: readonly GameKey[]): Promise<PickRow[]> {
    const users = new Set(userIds);
    const games = new Set(gameKeys);
    return [...this.state().entries.values()]
      .filter((e) => e.userId !== null && users.has(e.userId) && games.has(e.gameKey))
      .map((e) => ({ userId: e.userId as string, gameKey: e.gameKey, number: e.number }));
  }

  async lowPicks(gameKey: GameKey, atMost: number, limit: number): Promise<PickRow[]> {
    return [...this.state().entries.values()]
      .filter((e) => e.userId !== null && e.gameKey === gameKey && e.number <= atMost)
      .sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((e) => ({ userId: e.userId as string, gameKey: e.gameKey, number: e.number }));
  }

  async saveFlag(flag: IntegrityFlag): Promise<void> {
    const s = this.state();
    if (s.integrityFlags.some((f) => f.gameKey === flag.gameKey && f.role === flag.role)) return;
    s.integrityFlags.push(structuredClone(flag));
  }

  async winnerEvidence(winningIds: readonly string[]): Promise<Map<string, IntegrityEvidence>> {
    const s = this.state();
    const found = new Map<string, IntegrityEvidence>();
    for (const id of winningIds) {
      const winning = s.winnings.get(id);
      const flag = s.integrityFlags.find(
        (f) => f.role === 'winner' && f.gameKey === winning?.gameKey && f.userId === winning.userId,
      );
      if (flag) found.set(id, structuredClone(flag.evidence));
    }
    return found;
  }

  async flags(gameKey: GameKey): Promise<IntegrityFlag[]> {
    return this.state()
      .integrityFlags.filter((f) => f.gameKey === gameKey)
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'winner' ? -1 : 1))
      .map((f) => structuredClone(f));
  }

  async deleteSignalsBefore(day: string): Promise<void> {
    const rows = this.state().integritySignals;
    for (const [key, row] of rows) if (row.day < day) rows.delete(key);
  }
}
