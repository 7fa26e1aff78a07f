import type { GameDate, PrizeConfig } from '../../core/model.ts';
import type { AuditActor, AuditFilter } from '../../core/payouts/ports.ts';
import type { PrizeAuditEntry, PrizeRepository } from '../../core/prizes/ports.ts';
import { adminNameOf, matchesAudit, newestAudit } from './audit-filter.ts';
import type { MemoryState } from './state.ts';

export class MemoryPrizeRepository implements PrizeRepository {
  constructor(private readonly state: () => MemoryState) {}

  async list(): Promise<PrizeConfig[]> {
    return [...this.state().prizes.values()].map((p) => ({ ...p }));
  }

  async weekly(dayOfWeek: number): Promise<PrizeConfig | null> {
    const found = [...this.state().prizes.values()].find((p) => p.dayOfWeek === dayOfWeek && p.date === null);
    return found ? { ...found } : null;
  }

  async forDate(date: GameDate): Promise<PrizeConfig | null> {
    const found = [...this.state().prizes.values()].find((p) => p.date === date);
    return found ? { ...found } : null;
  }

  async byId(id: string): Promise<PrizeConfig | null> {
    const found = this.state().prizes.get(id);
    return found ? { ...found } : null;
  }

  async upsert(config: PrizeConfig): Promise<PrizeConfig> {
    const prizes = this.state().prizes;
    // One row per weekday or per date: the new row replaces the slot's old one (and its id).
    for (const [id, p] of prizes) {
      const sameSlot =
        config.date !== null ? p.date === config.date : p.date === null && p.dayOfWeek === config.dayOfWeek;
      if (sameSlot) prizes.delete(id);
    }
    prizes.set(config.id, { ...config });
    return { ...config };
  }

  async deleteWeekly(dayOfWeek: number): Promise<boolean> {
    return this.#deleteWhere((p) => p.date === null && p.dayOfWeek === dayOfWeek);
  }

  async deleteForDate(date: GameDate): Promise<boolean> {
    return this.#deleteWhere((p) => p.date === date);
  }

  #deleteWhere(match: (p: PrizeConfig) => boolean): boolean {
    const prizes = this.state().prizes;
    let removed = false;
    for (const [id, p] of prizes) {
      if (match(p)) {
        prizes.delete(id);
        removed = true;
      }
    }
    return removed;
  }

  async addAudit(entry: PrizeAuditEntry): Promise<void> {
    this.state().prizeAudit.push({ ...entry });
  }

  async auditTrail(filter: AuditFilter, limit: number): Promise<(PrizeAuditEntry & AuditActor)[]> {
    const s = this.state();
    const rows = s.prizeAudit
      .filter((entry) => matchesAudit(filter, entry))
      .map((entry) => ({ ...entry, adminName: adminNameOf(s, entry.adminId) }));
    return newestAudit(rows, limit);
  }

  async auditCount(filter: AuditFilter): Promise<number> {
    return this.state().prizeAudit.filter((entry) => matchesAudit(filter, entry)).length;
  }
}
