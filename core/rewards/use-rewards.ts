// Using a reward in the open game (DESIGN.md §7): each use takes the soonest-expiring item of its type
// and records what it showed the player.
import { signingKey, signReceipt } from '../fairness/receipt-keys.ts';
import type { Deps } from '../deps.ts';
import type { Game, RewardItem, RewardType } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { DomainError } from '../errors.ts';
import { openGameIn } from '../game/current-game.ts';
import { validateNumber } from '../entries/validate-number.ts';
import { MINE_MINIMUM, MINE_MINIMUM_MESSAGE, PEAK_NUMBER_MESSAGE } from './reward-number-rules.ts';
import { rewardConfig } from './reward-config.ts';
import { sealMine } from '../fairness/hashes.ts';
import { mineReceipt, type MineReceipt } from '../fairness/record.ts';

/** The open current game and an available item of the type, or the matching error. */
const openGameAndItem = async (
  deps: Omit<Deps, 'store'>,
  repos: RepositoriesOf<'users' | 'games' | 'rewards'>,
  userId: string,
  rewardType: RewardType,
  beforeItem?: (game: Game) => Promise<void>,
): Promise<{ game: Game; item: RewardItem }> => {
  const now = deps.clock.now();
  const game = await openGameIn(repos, now, deps.config);
  if (!(await repos.users.lock(userId))) throw new DomainError('UNAUTHENTICATED', 'Please sign in first.');
  if (beforeItem) await beforeItem(game);
  const item = await repos.rewards.firstAvailable(userId, rewardType, now.toISOString());
  if (!item) throw new DomainError('NO_REWARD', `You have no ${rewardConfig[rewardType].name} reward available.`);
  return { game, item };
};

const markUsed = async (
  deps: Omit<Deps, 'store'>,
  repos: RepositoriesOf<'rewards'>,
  item: RewardItem,
  game: Game,
  result: Record<string, unknown>,
): Promise<void> => {
  // Writes are serialised, so a false here means the item was used in between: report it as gone.
  if (!(await repos.rewards.markUsed(item.id, deps.clock.now().toISOString(), game.key, result))) {
    throw new DomainError('NO_REWARD', `You have no ${rewardConfig[item.rewardType].name} reward available.`);
  }
};

export const usePeak = async (
  deps: Deps<'users' | 'games' | 'entries' | 'rewards'>,
  input: { userId: string; number: unknown },
): Promise<{ message: string; numberChosen: boolean }> => {
  const number = validateNumber(input.number, PEAK_NUMBER_MESSAGE);
  return deps.store.write(async (repos) => {
    const { game, item } = await openGameAndItem(deps, repos, input.userId, 'peak');
    const numberChosen = await repos.entries.isPickedByOthers(game.key, number, input.userId);
    const message = numberChosen
      ? `Another player has already picked ${number} in this game.`
      : `Nobody else has picked ${number} in this game yet.`;
    await markUsed(deps, repos, item, game, { number, numberChosen, message });
    return { message, numberChosen };
  });
};

export const useMine = async (
  deps: Deps<'users' | 'games' | 'rewards' | 'mines' | 'receiptKeys'>,
  input: { userId: string; number: unknown },
): Promise<{ message: string; receipt: MineReceipt }> => {
  const number = validateNumber(input.number);
  if (number < MINE_MINIMUM) throw new DomainError('VALIDATION', MINE_MINIMUM_MESSAGE);
  const key = await signingKey(deps);
  return deps.store.write(async (repos) => {
    const { game, item } = await openGameAndItem(deps, repos, input.userId, 'mine', async (g) => {
      if (await repos.mines.forPlayer(g.key, input.userId)) {
        throw new DomainError('MINE_ALREADY_USED', 'You already laid a mine in this game.');
      }
    });
    const id = deps.random.id();
    const sealed = {
      id,
      gameKey: game.key,
      userId: input.userId,
      number,
      placedAt: deps.clock.now().toISOString(),
      ...sealMine(deps.digest, deps.random, game.key, id, number),
    };
    const mine = { ...sealed, signature: signReceipt(deps, key, mineReceipt(sealed), sealed.placedAt) };
    await repos.mines.place(mine);
    const message = `Mine laid on ${number}. At the close every entry on ${number} is knocked out.`;
    const receipt = mineReceipt(mine);
    await markUsed(deps, repos, item, game, { number, message, receipt });
    return { message, receipt };
  });
};

export const useHowMany = async (
  deps: Deps<'users' | 'games' | 'entries' | 'rewards'>,
  input: { userId: string },
): Promise<{ message: string; totalNumbers: number; uniqueNumbers: number }> =>
  deps.store.write(async (repos) => {
    const { game, item } = await openGameAndItem(deps, repos, input.userId, 'how_many');
    const { totalNumbers, uniqueNumbers } = await repos.entries.counts(game.key);
    const message = `${totalNumbers} ${totalNumbers === 1 ? 'number has' : 'numbers have'} been picked so far; ${uniqueNumbers} ${uniqueNumbers === 1 ? 'is' : 'are'} unique.`;
    await markUsed(deps, repos, item, game, { totalNumbers, uniqueNumbers, message });
    return { message, totalNumbers, uniqueNumbers };
  });
