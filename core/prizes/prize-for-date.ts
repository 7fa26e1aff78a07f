// The prize of a game date: the date override, else the stored weekly row, else the built-in default.
import type { GameDate, Prize, PrizeConfig } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { dayName, dayOfWeekOf, defaultWeeklyPrize } from './weekly-defaults.ts';

export type PrizeForDate =
  | { status: 'active'; prize: Prize; dayOfWeek: number; configId: string | null }
  | { status: 'disabled'; dayOfWeek: number; message: string };

export const disabledMessage = (dayOfWeek: number): string =>
  `No prizes are currently offered on ${dayName(dayOfWeek)}s`;

const prizeOf = (config: PrizeConfig): Prize => ({
  prizeType: config.prizeType,
  amountCents: config.amountCents,
  currency: config.currency,
  description: config.description,
});

export const prizeForDate = async (
  repos: RepositoriesOf<'prizes'>,
  date: GameDate,
  currency: string,
): Promise<PrizeForDate> => {
  const day = date.slice(0, 10);
  const dayOfWeek = dayOfWeekOf(day);
  const config = (await repos.prizes.forDate(day)) ?? (await repos.prizes.weekly(dayOfWeek));
  if (!config) return { status: 'active', prize: defaultWeeklyPrize(dayOfWeek, currency), dayOfWeek, configId: null };
  if (!config.isActive) return { status: 'disabled', dayOfWeek, message: disabledMessage(dayOfWeek) };
  return { status: 'active', prize: prizeOf(config), dayOfWeek, configId: config.id };
};
