// The play screen's view of the player's entries and bonus entries in the current game.
import type { Deps } from '../deps.ts';
import type { GameKey } from '../model.ts';
import { entryView, type EntryView } from '../game/game-views.ts';
import { readWithCurrentGame, type EffectiveStatus } from '../game/current-game.ts';
import { bonusEntryView, type BonusEntryView } from './bonus-entries.ts';
import { entryReceipt, type EntryReceipt } from '../fairness/record.ts';

export interface MyEntries {
  gameDate: GameKey;
  /** Each entry with its receipt fields (DESIGN.md §16). */
  entries: (EntryView & EntryReceipt)[];
  status: { canSubmitMore: boolean; effectiveStatus: EffectiveStatus };
  maxSubmissions: number;
  availableBonusEntries: number;
  bonusEntriesDetails: BonusEntryView[];
}

export const myEntries = async (
  deps: Deps<'games' | 'entries' | 'bonusEntries'>,
  userId: string,
): Promise<MyEntries> => {
  const now = deps.clock.now().toISOString();
  return readWithCurrentGame(deps, async (repos, { game, effectiveStatus }) => {
    const entries = await repos.entries.forPlayer(game.key, userId);
    const bonuses = await repos.bonusEntries.available(userId, now);
    const availableBonusEntries = bonuses.reduce((sum, b) => sum + b.remainingEntries, 0);
    const usedBonus = entries.some((e) => e.entryType === 'bonus');
    const maxSubmissions = availableBonusEntries === 0 && !usedBonus ? 1 : 2;
    return {
      gameDate: game.key,
      entries: entries.map((e) => ({ ...entryView(e), ...entryReceipt(e) })),
      status: { canSubmitMore: effectiveStatus === 'open' && entries.length < maxSubmissions, effectiveStatus },
      maxSubmissions,
      availableBonusEntries,
      bonusEntriesDetails: bonuses.map(bonusEntryView),
    };
  });
};
