// What the prizes module needs from the database: the weekly table and the date overrides.
import type {
  GameDate,
  PrizeConfig,
} from '../model.ts';

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
}
