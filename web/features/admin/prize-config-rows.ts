// Splits GET /api/prizes/config into the 7 weekly rows and the date overrides. An override also carries the
// dayOfWeek of its date, so only `date` tells the two apart.
import type { PrizeConfigDto } from '../../../server/routes/prizes.schemas.ts';

export function splitPrizeConfig(prizes: readonly PrizeConfigDto[]): {
  weekly: PrizeConfigDto[];
  overrides: PrizeConfigDto[];
} {
  return {
    weekly: prizes
      .filter((prize) => prize.date === null && prize.dayOfWeek !== null)
      .sort((a, b) => (a.dayOfWeek ?? 0) - (b.dayOfWeek ?? 0)),
    overrides: prizes.filter((prize) => prize.date !== null).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '')),
  };
}
