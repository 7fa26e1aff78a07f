// Admin test bots (DESIGN.md §11): reusable bot users submit numbers to the open game, and can be
// cleared from it again without touching real players.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { User } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import type { NewEntry } from '../entries/ports.ts';
import { sealEntry } from '../fairness/hashes.ts';
import { currentGame } from '../game/current-game.ts';
import { uniqueReferralCode } from '../accounts/sign-in.ts';
import { botRequestProblem } from './bot-fields.ts';
import { humanSampler, uniformSampler, type NumberSampler } from './human-strategy.ts';

export const BOT_NAME = 'Bot Player';
export const BOT_EMAIL_DOMAIN = 'bots.lowest.invalid';

export type BotStrategy = 'human' | 'uniform';

export interface CreateBotsInput {
  botCount: number;
  bonusCount: number;
  minNumber: number;
  maxNumber: number;
  /** 'uniform' (default, the admin form's behaviour): any number in range alike; 'human': the equilibrium blended with real players' habits. */
  strategy?: BotStrategy;
}

const validate = (input: CreateBotsInput): void => {
  const problem = botRequestProblem(input);
  if (problem !== null) fail('VALIDATION', problem);
};

const botId = (n: number): string => `bot:${String(n).padStart(4, '0')}`;
const botNumber = (id: string): number => Number(id.slice('bot:'.length)) || 0;

/** The first `count` bots without an entry in the game, creating new bot users as needed. */
const botsFor = async (
  repos: RepositoriesOf<'users' | 'entries'>,
  deps: Omit<Deps, 'store'>,
  gameKey: string,
  count: number,
): Promise<User[]> => {
  const bots = await repos.users.listBots();
  const chosen: User[] = [];
  for (const bot of bots) {
    if (chosen.length === count) break;
    if ((await repos.entries.forPlayer(gameKey, bot.id)).length === 0) chosen.push(bot);
  }
  let next = bots.reduce((max, b) => Math.max(max, botNumber(b.id)), 0) + 1;
  const createdAt = deps.clock.now().toISOString();
  while (chosen.length < count) {
    const id = botId(next);
    chosen.push(
      await repos.users.create({
        id,
        email: `bot-${id.slice('bot:'.length)}@${BOT_EMAIL_DOMAIN}`,
        // Bots never sign in: no verified e-mail, so no admin role can ever reach them by e-mail.
        verifiedEmail: null,
        displayName: BOT_NAME,
        role: 'player',
        googleSub: null,
        referralCode: await uniqueReferralCode(repos, deps.random),
        isBot: true,
        createdAt,
      }),
    );
    next += 1;
  }
  return chosen;
};

/** A second number for a bonus entry, different from the first (the range has at least 2 numbers). */
/** A bot's entry is sealed like a player's, so the close's root covers it. */
const addBotEntry = async (
  repos: RepositoriesOf<'entries'>,
  deps: Omit<Deps, 'store'>,
  entry: Omit<NewEntry, 'id' | 'salt' | 'leaf'>,
): Promise<void> => {
  const id = deps.random.id();
  await repos.entries.add({ id, ...entry, ...sealEntry(deps.digest, deps.random, entry.gameKey, id, entry.number) });
};

const differentNumber = (
  sample: NumberSampler,
  deps: Omit<Deps, 'store'>,
  first: number,
  min: number,
  max: number,
): number => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const k = sample(deps.random);
    if (k !== first) return k;
  }
  return first < max ? first + 1 : first - 1 >= min ? first - 1 : first;
};

/** POST /admin/create-bot-submissions */
export const createBots = async (
  deps: Deps<'users' | 'games' | 'entries' | 'bonusEntries'>,
  input: CreateBotsInput,
): Promise<{ botsCreated: number; submissionsCreated: number; gameDate: string }> => {
  validate(input);
  const { game, effectiveStatus } = await currentGame(deps);
  if (effectiveStatus === 'closed') fail('GAME_CLOSED', 'This game has closed.');
  return deps.store.write(async (repos) => {
    const now = deps.clock.now().toISOString();
    // 'share': a close running now finishes first, and one starting now waits for these entries.
    const stored = await repos.games.lock(game.key, 'share');
    if (!stored || stored.status !== 'open' || stored.closesAt <= now)
      return fail('GAME_CLOSED', 'This game has closed.');
    const bots = await botsFor(repos, deps, game.key, input.botCount);
    const players = (await repos.entries.playerIds(game.key)).length + input.botCount;
    const sample =
      input.strategy === 'human'
        ? humanSampler(players, input.minNumber, input.maxNumber)
        : uniformSampler(input.minNumber, input.maxNumber);
    let submissions = 0;
    for (const [index, bot] of bots.entries()) {
      const first = sample(deps.random);
      await addBotEntry(repos, deps, {
        gameKey: game.key,
        userId: bot.id,
        number: first,
        entryType: 'standard',
        submittedAt: now,
      });
      submissions += 1;
      if (index >= input.bonusCount) continue;
      // The bonus is a real grant tied to this game, used at once, so clearing bots can find it.
      const grantId = deps.random.id();
      await repos.bonusEntries.grant({
        id: grantId,
        userId: bot.id,
        sourceType: 'other',
        remainingEntries: 1,
        grantedAt: now,
        expiresAt: game.closesAt,
        gameKey: game.key,
      });
      if (!(await repos.bonusEntries.consume(grantId, now))) return fail('CONFLICT', 'Could not use a bot bonus entry');
      const second = differentNumber(sample, deps, first, input.minNumber, input.maxNumber);
      await addBotEntry(repos, deps, {
        gameKey: game.key,
        userId: bot.id,
        number: second,
        entryType: 'bonus',
        submittedAt: now,
      });
      submissions += 1;
    }
    return { botsCreated: bots.length, submissionsCreated: submissions, gameDate: game.key };
  });
};

/** DELETE /admin/delete-bot-submissions: bot entries and bot bonus grants of the open game go; bot users stay. */
export const clearBots = async (
  deps: Deps<'users' | 'games' | 'entries' | 'bonusEntries'>,
): Promise<{ deletedSubmissions: number; deletedBonusEntries: number; botUsersPreserved: number }> => {
  const { game, effectiveStatus } = await currentGame(deps);
  // A closed game's results are final: removing its entries would contradict its stored statistics.
  if (effectiveStatus === 'closed') fail('GAME_CLOSED', 'This game has closed.');
  return deps.store.write(async (repos) => {
    const stored = await repos.games.lock(game.key, 'share');
    if (!stored || stored.status !== 'open') return fail('GAME_CLOSED', 'This game has closed.');
    return {
      deletedSubmissions: await repos.entries.deleteBotEntries(game.key),
      deletedBonusEntries: await repos.bonusEntries.deleteBotGrants(game.key),
      botUsersPreserved: (await repos.users.count()).bots,
    };
  });
};
