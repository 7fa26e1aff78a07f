// The app's side of the kept public answers (public-answer-cache.ts): a route answers from the kept copy, or builds
// it once and keeps it, and sends it as stored bytes with its ETag, its Cache-Control and a 304 for a revalidation.
import type { Context } from 'hono';
import type { AppEnv, AppServices } from './app-env.ts';
import type { KeepAs, KeptAnswer, PublicAnswerCache } from './public-answer-cache.ts';

/** The request target as the client sent it (path and query): what the front looks answers up by. */
const targetOf = (c: Context<AppEnv>): string => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
};

/** The kept answer on the wire; the app's compression leaves an encoded body as it is. */
export const sendKept = (c: Context<AppEnv>, cache: PublicAnswerCache, kept: KeptAnswer): Response => {
  const answer = cache.respond(kept, c.req.header('accept-encoding'), c.req.header('if-none-match'));
  if (answer.status === 304) return c.body(null, 304, answer.headers);
  return c.body(new Uint8Array(answer.body), 200, answer.headers);
};

/** The kept answer under `key` for this request, or null when none is kept. */
export const keptFor = (c: Context<AppEnv>, cache: PublicAnswerCache, key: string): KeptAnswer | null =>
  cache.lookup(key, targetOf(c));

/** Keeps `value` under `key` (or takes the copy a concurrent request kept) and answers with it. */
export const keepAndSend = async (
  c: Context<AppEnv>,
  cache: PublicAnswerCache,
  key: string,
  as: Omit<KeepAs, 'route'>,
  value: unknown,
): Promise<Response> => {
  const kept = await cache.answer(key, targetOf(c), { ...as, route: c.req.routePath }, () =>
    Promise.resolve(JSON.stringify(value)),
  );
  return sendKept(c, cache, kept);
};

/**
 * A leaderboard or the history: the kept copy of this generation, or the one `build` makes and keeps. The generation
 * is read from the database on every request, so an answer served here is never older than the latest close.
 */
export const untilNextClose = async (
  c: Context<AppEnv>,
  cache: PublicAnswerCache,
  key: string,
  build: () => Promise<unknown>,
): Promise<Response> => {
  const generation = await cache.generation();
  const keyed = `${key}|${generation}`;
  const kept = keptFor(c, cache, keyed);
  if (kept) return sendKept(c, cache, kept);
  return keepAndSend(c, cache, keyed, { freshness: 'until-next-close', generation }, await build());
};

/**
 * This instance changed the games (a close, an admin's compute or open): the front trusts neither the generation nor
 * the current game until the app reads them again.
 */
export const forgetGames = ({ publicAnswers, currentGameAnswer }: AppServices): void => {
  publicAnswers.forgetGeneration();
  currentGameAnswer.forget();
};
