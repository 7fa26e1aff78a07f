/** The bot form's starting values and preview line (spec-2 §5, Bot creation); its rules are core's. */
import type { CreateBotsRequest } from '../../../server/routes/admin.schemas.ts';

export const botDefaults: CreateBotsRequest = { botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 };

/** '{bots} bots + {bonus} bonus = {total} total submissions' */
export function botPreview(botCount: number, bonusCount: number): string {
  const bots = Number.isFinite(botCount) ? botCount : 0;
  const bonus = Number.isFinite(bonusCount) ? bonusCount : 0;
  return `${bots} bots + ${bonus} bonus = ${bots + bonus} total submissions`;
}
