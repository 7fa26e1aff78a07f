// What the prizes module needs from the database: the weekly table and the date overrides.
import type { GameDate, Instant, PrizeConfig } from '../model.ts';
import type { AuditActor, AuditFilter } from '../payouts/ports.ts';

/** One admin change of a prize setting: the slot and its state before and after (null: no row of its own). */
export interface PrizeAuditEntry {
  id: string;
  adminId: string;
  /** `weekly-1` … `weekly-7` (Monday … Sunday) or `date-YYYY-MM-DD`. */
  slot: string;
  fromState: string | null;
  toState: string | null;
  at: Instant;
}

export interface PrizeRepository {
  /** All stored weekly defaults and date overrides. */
  list(): Promise<PrizeConfig[]>;
  weekly(dayOfWeek: number): Promise<PrizeConfig | null>;
  forDate(date: GameDate): Promise<PrizeConfig | null>;
  byId(id: string): Promise<PrizeConfig | null>;
  /** Inserts or replaces the weekly row of config.dayOfWeek, or the override of config.date. */
  upsert(config: PrizeConfig): Promise<PrizeConfig>;
  /** Deletes the weekly row of a day (back to the built-in default). Returns whether one existed. */
  deleteWeekly(dayOfWeek: number): Promise<boolean>;
  deleteForDate(date: GameDate): Promise<boolean>;
  addAudit(entry: PrizeAuditEntry): Promise<void>;
  /** The newest `limit` audit entries that match, newest first (ties by id, descending). */
  auditTrail(filter: AuditFilter, limit: number): Promise<(PrizeAuditEntry & AuditActor)[]>;
  auditCount(filter: AuditFilter): Promise<number>;
}
