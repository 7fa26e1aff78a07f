// Submitting a number to the current game (DESIGN.md §5), and completing the player's referral on
// their first entry ever. The rule is `submitInUnit`; a player's first pick, the deadline rush's common case, goes
// through the store's fast path first (DESIGN.md §19), which stores it only where the rule would have stored it
// the same way and otherwise changes nothing, so the rule decides every other case.
import type { Deps } from '../deps.ts';
import type { Entry, GameKey } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { DomainError } from '../errors.ts';
import { entryView, type EntryView } from '../game/game-views.ts';
import { currentDate, GAME_CLOSED_MESSAGE, openGameIn, regularGameKeyAt } from '../game/current-game.ts';
import { validateNumber } from './validate-number.ts';
import { parseGameKey } from '../game/calendar.ts';
import { grantBonusEntry } from './bonus-entries.ts';
import { entryLeaf, SALT_BYTES } from '../fairness/hashes.ts';
import { entryReceipt, type EntryReceipt } from '../fairness/record.ts';
import { signingKey, signReceipt } from '../fairness/receipt-keys.ts';
import type { ClientSignals, SignalHash } from '../integrity/model.ts';
import { signalHashes } from '../integrity/signals.ts';
import { dayOf, integrityKey, sameCluster } from '../integrity/integrity.ts';
import type { NewEntry, PickFastPath, SubmitRepos } from './ports.ts';

export { GAME_CLOSED_MESSAGE };
const ENTRY_LIMIT_MESSAGE = 'No more entries left for this game.';
export const STALE_GAME_MESSAGE = 'This game has closed. The next game is open: pick again.';

const validateGameDate = (value: unknown): string => {
  if (typeof value !== 'string' || !parseGameKey(value)) {
    throw new DomainError('VALIDATION', 'gameDate must be a game date in the form YYYY-MM-DD or YYYY-MM-DD-n.');
  }
  return value;
};

export interface SubmittedEntry {
  entry: EntryView;
  message: string;
  receipt: EntryReceipt;
}

/** A validated pick: its entry's id and salt are drawn once, and its leaf follows the game it lands in. */
interface Pick {
  userId: string;
  number: number;
  /** The game the player picked for (a stale tab's pick must not land in the next game), or null. */
  expectedGame: GameKey | null;
  now: Date;
  signals: readonly SignalHash[];
  entryIn(gameKey: GameKey, entryType: Entry['entryType']): NewEntry;
}

const answer = (entry: Entry): SubmittedEntry => ({
  entry: entryView(entry),
  message:
    entry.entryType === 'bonus'
      ? `Bonus entry submitted: ${entry.number}. Good luck!`
      : `Your number ${entry.number} is in. Good luck!`,
  receipt: entryReceipt(entry),
});

/** The rule, inside one unit of work. */
const submitInUnit = async (
  repos: RepositoriesOf<SubmitRepos>,
  deps: Omit<Deps, 'store'>,
  pick: Pick,
): Promise<SubmittedEntry> => {
  const { userId, number, now } = pick;
  const nowIso = now.toISOString();
  // The game's lock before the player's, as every write takes them.
  const game = await openGameIn(repos, now, deps.config);
  if (pick.expectedGame !== null && pick.expectedGame !== game.key)
    throw new DomainError('GAME_CLOSED', STALE_GAME_MESSAGE);
  // The account may have been deleted since the session was read; the lock keeps it until we are done.
  const [player, existing, referral] = await Promise.all([
    repos.users.lock(userId),
    repos.entries.forPlayer(game.key, userId),
    repos.referrals.byReferred(userId),
  ]);
  if (!player) throw new DomainError('UNAUTHENTICATED', 'Please sign in first.');

  if (existing.some((e) => e.number === number)) {
    throw new DomainError('DUPLICATE_NUMBER', `You already picked ${number} in this game.`);
  }
  let entryType: Entry['entryType'] = 'standard';
  if (existing.length > 0) {
    if (existing.some((e) => e.entryType === 'bonus')) throw new DomainError('ENTRY_LIMIT', ENTRY_LIMIT_MESSAGE);
    let consumed = false;
    for (const grant of await repos.bonusEntries.available(userId, nowIso)) {
      if (await repos.bonusEntries.consume(grant.id, nowIso)) {
        consumed = true;
        break;
      }
    }
    if (!consumed) throw new DomainError('ENTRY_LIMIT', ENTRY_LIMIT_MESSAGE);
    entryType = 'bonus';
  }

  const entry = await repos.entries.add(pick.entryIn(game.key, entryType));
  if (pick.signals.length > 0) await repos.integrity.record(userId, pick.signals, dayOf(now));

  // A pending referral is completed by the player's first entry ever (few players have one: no count without it);
  // between two accounts of one cluster it grants nothing (DESIGN.md §18).
  if (referral?.status === 'pending' && (await repos.entries.countForPlayer(userId)) === 1) {
    if (await sameCluster(repos, game.key, userId, referral.referrerId, now)) {
      await repos.referrals.markNotEligible(referral.id, nowIso);
    } else {
      await repos.referrals.markCompleted(referral.id, nowIso);
      await grantBonusEntry(repos, deps.random, { userId: referral.referrerId, sourceType: 'referral', now });
    }
  }
  return answer(entry);
};

export const submitEntry = async (
  deps: Deps<SubmitRepos | 'signingKeys' | 'receiptKeys'> & {
    store: PickFastPath;
  },
  /** `gameDate`: the game the player picked for (a stale tab's pick must not land in the next game). */
  input: { userId: string; number: unknown; gameDate?: unknown; client?: ClientSignals },
): Promise<SubmittedEntry> => {
  const number = validateNumber(input.number);
  const expectedGame = input.gameDate === undefined ? null : validateGameDate(input.gameDate);
  const now = deps.clock.now();
  const { client } = input;
  const [signals, key] = await Promise.all([
    client ? integrityKey(deps).then((k) => signalHashes(deps.digest, k, client)) : [],
    signingKey(deps),
  ]);
  const id = deps.random.id();
  const salt = deps.random.tokenHex(SALT_BYTES);
  const submittedAt = now.toISOString();
  const pick: Pick = {
    userId: input.userId,
    number,
    expectedGame,
    now,
    signals,
    entryIn: (gameKey, entryType) => {
      const leaf = entryLeaf(deps.digest, gameKey, id, number, salt);
      const unsigned = { id, gameKey, userId: input.userId, number, entryType, submittedAt, salt, leaf };
      return { ...unsigned, signature: signReceipt(deps, key, entryReceipt(unsigned), submittedAt) };
    },
  };
  const first = pick.entryIn(expectedGame ?? regularGameKeyAt(now, deps.config), 'standard');
  if (
    await deps.store.submitStandardPick({
      gameDate: currentDate(now, deps.config),
      entry: first,
      signals,
      day: dayOf(now),
    })
  ) {
    return answer(first);
  }
  return deps.store.write((repos) => submitInUnit(repos, deps, pick));
};
