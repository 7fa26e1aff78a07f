// Submitting a number to the current game (DESIGN.md §5), and completing the player's referral on
// their first entry ever.
import type { Deps } from '../deps.ts';
import type { Entry } from '../model.ts';
import { DomainError } from '../errors.ts';
import { entryView, type EntryView } from '../game/game-views.ts';
import { GAME_CLOSED_MESSAGE, openGameIn } from '../game/current-game.ts';
import { validateNumber } from './validate-number.ts';
import { parseGameKey } from '../game/calendar.ts';
import { grantBonusEntry } from './bonus-entries.ts';
import { sealEntry } from '../fairness/hashes.ts';
import { entryReceipt, type EntryReceipt } from '../fairness/record.ts';
import type { ClientSignals } from '../integrity/model.ts';
import { integrityKey, recordSignals, sameCluster } from '../integrity/integrity.ts';

export { GAME_CLOSED_MESSAGE };
const ENTRY_LIMIT_MESSAGE = 'No more entries left for this game.';
export const STALE_GAME_MESSAGE = 'This game has closed. The next game is open: pick again.';

const validateGameDate = (value: unknown): string => {
  if (typeof value !== 'string' || !parseGameKey(value)) {
    throw new DomainError('VALIDATION', 'gameDate must be a game date in the form YYYY-MM-DD or YYYY-MM-DD-n.');
  }
  return value;
};

export const submitEntry = async (
  deps: Deps,
  /** `gameDate`: the game the player picked for (a stale tab's pick must not land in the next game). */
  input: { userId: string; number: unknown; gameDate?: unknown; client?: ClientSignals },
): Promise<{ entry: EntryView; message: string; receipt: EntryReceipt }> => {
  const number = validateNumber(input.number);
  const expectedGame = input.gameDate === undefined ? null : validateGameDate(input.gameDate);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const key = input.client ? await integrityKey(deps) : '';
  return deps.store.write(async (repos) => {
    // The game's lock before the player's, as every write takes them.
    const game = await openGameIn(repos, now, deps.config);
    if (expectedGame !== null && expectedGame !== game.key) throw new DomainError('GAME_CLOSED', STALE_GAME_MESSAGE);
    // The account may have been deleted since the session was read; the lock keeps it until we are done.
    const [player, existing, referral] = await Promise.all([
      repos.users.lock(input.userId),
      repos.entries.forPlayer(game.key, input.userId),
      repos.referrals.byReferred(input.userId),
    ]);
    if (!player) throw new DomainError('UNAUTHENTICATED', 'Please sign in first.');

    if (existing.some((e) => e.number === number)) {
      throw new DomainError('DUPLICATE_NUMBER', `You already picked ${number} in this game.`);
    }
    let entryType: Entry['entryType'] = 'standard';
    if (existing.length > 0) {
      if (existing.some((e) => e.entryType === 'bonus')) throw new DomainError('ENTRY_LIMIT', ENTRY_LIMIT_MESSAGE);
      let consumed = false;
      for (const grant of await repos.bonusEntries.available(input.userId, nowIso)) {
        if (await repos.bonusEntries.consume(grant.id, nowIso)) {
          consumed = true;
          break;
        }
      }
      if (!consumed) throw new DomainError('ENTRY_LIMIT', ENTRY_LIMIT_MESSAGE);
      entryType = 'bonus';
    }

    const id = deps.random.id();
    const entry = await repos.entries.add({
      id,
      gameKey: game.key,
      userId: input.userId,
      number,
      entryType,
      submittedAt: nowIso,
      ...sealEntry(deps.digest, deps.random, game.key, id, number),
    });

    await recordSignals(repos, deps, key, input.userId, input.client, now);

    // A pending referral is completed by the player's first entry ever (few players have one: no count without it);
    // between two accounts of one cluster it grants nothing (DESIGN.md §18).
    if (referral?.status === 'pending' && (await repos.entries.countForPlayer(input.userId)) === 1) {
      if (await sameCluster(repos, game.key, input.userId, referral.referrerId, now)) {
        await repos.referrals.markNotEligible(referral.id, nowIso);
      } else {
        await repos.referrals.markCompleted(referral.id, nowIso);
        await grantBonusEntry(repos, deps.random, { userId: referral.referrerId, sourceType: 'referral', now });
      }
    }
    const message =
      entryType === 'bonus' ? `Bonus entry submitted: ${number}. Good luck!` : `Your number ${number} is in. Good luck!`;
    return { entry: entryView(entry), message, receipt: entryReceipt(entry) };
  });
};
