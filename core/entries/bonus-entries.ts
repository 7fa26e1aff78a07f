// Granting bonus entries (DESIGN.md §5): one extra number in a game, valid for 7 days.
import type { BonusEntry, BonusSource, GameKey } from '../model.ts';
import type { Random, RepositoriesOf } from '../ports.ts';

export const BONUS_EXPIRY_DAYS = 7;
const DAY_MS = 86_400_000;

export const grantBonusEntry = async (
  repos: RepositoriesOf<'bonusEntries'>,
  random: Random,
  args: { userId: string; sourceType: BonusSource; now: Date; entries?: number; gameKey?: GameKey | null },
): Promise<BonusEntry> => {
  const bonus: BonusEntry = {
    id: random.id(),
    userId: args.userId,
    sourceType: args.sourceType,
    remainingEntries: args.entries ?? 1,
    grantedAt: args.now.toISOString(),
    expiresAt: new Date(args.now.getTime() + BONUS_EXPIRY_DAYS * DAY_MS).toISOString(),
    gameKey: args.gameKey ?? null,
  };
  await repos.bonusEntries.grant(bonus);
  return bonus;
};

export interface BonusEntryView {
  id: string;
  sourceType: BonusSource;
  remainingEntries: number;
  expiresAt: string;
}

export const bonusEntryView = (b: BonusEntry): BonusEntryView => ({
  id: b.id,
  sourceType: b.sourceType,
  remainingEntries: b.remainingEntries,
  expiresAt: b.expiresAt,
});
