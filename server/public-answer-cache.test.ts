// The kept public answers: bounded by their bytes (least recently used out first), built once however many ask, and
// the answers of a generation served only while the generation read is recent and still theirs.
import { describe, expect, it } from 'vitest';
import { GENERATION_TRUST_MS, PublicAnswerCache } from './public-answer-cache.ts';

const cacheWith = (options: { maxBytes?: number } = {}) => {
  const state = { generation: 'g1', ms: 0, reads: 0 };
  const cache = new PublicAnswerCache({
    readGeneration: async () => {
      state.reads += 1;
      return { key: state.generation, latestClose: null };
    },
    secondsUntilNextClose: () => 3600,
    monotonicMs: () => state.ms,
    ...options,
  });
  return { cache, state };
};

const text = (size: number, fill = 'x') => JSON.stringify({ data: fill.repeat(size) });

describe('PublicAnswerCache', () => {
  it('drops the least recently used answers once their bytes pass the bound', async () => {
    const answerOf = (day: string) => async () => JSON.stringify({ day, data: 'x'.repeat(4000) });
    const probe = cacheWith().cache;
    const size = (
      await probe.answer('a', '/a', { route: '/r', freshness: 'closed-day', generation: null }, answerOf('a'))
    ).bytes;
    // Room for three answers, not four.
    const { cache } = cacheWith({ maxBytes: Math.floor(3.5 * size) });
    for (const day of ['a', 'b', 'c'])
      await cache.answer(day, `/${day}`, { route: '/r', freshness: 'closed-day', generation: null }, answerOf(day));
    expect(cache.lookup('a', '/a')).not.toBeNull();
    // 'a' was used last: the fourth pushes out 'b', the least recently used.
    await cache.answer('d', '/d', { route: '/r', freshness: 'closed-day', generation: null }, answerOf('d'));
    expect(cache.bytes).toBeLessThanOrEqual(3.5 * size);
    expect(cache.lookup('b', '/b')).toBeNull();
    expect(cache.forTarget('/b')).toBeNull();
    expect(cache.lookup('a', '/a')).not.toBeNull();
    expect(cache.lookup('c', '/c')).not.toBeNull();
    expect(cache.lookup('d', '/d')).not.toBeNull();
  });

  it('builds an answer once for concurrent requests', async () => {
    const { cache } = cacheWith();
    let builds = 0;
    const build = async () => {
      builds += 1;
      return text(10);
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => cache.answer('k', '/k', { route: '/r', freshness: 'closed-day', generation: null }, build)),
    );
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('serves a generation’s answer to the front only while the read is recent and the generation its own', async () => {
    const { cache, state } = cacheWith();
    const generation = await cache.generation();
    await cache.answer(
      `board|${generation}`,
      '/board',
      { route: '/r', freshness: 'until-next-close', generation: generation },
      async () => text(5),
    );
    await cache.answer('day', '/day', { route: '/r', freshness: 'closed-day', generation: null }, async () => text(5));
    expect(cache.forTarget('/board')).not.toBeNull();

    // Past half the trust, the front's lookup reads the generation again in the background, once.
    const reads = state.reads;
    state.ms += GENERATION_TRUST_MS / 2 + 1;
    expect(cache.forTarget('/board')).not.toBeNull();
    expect(cache.forTarget('/board')).not.toBeNull();
    await Promise.resolve();
    expect(state.reads).toBe(reads + 1);

    state.ms += GENERATION_TRUST_MS + 1;
    expect(cache.forTarget('/board')).toBeNull();
    expect(cache.forTarget('/day')).not.toBeNull();

    // Another instance closed a game: the next read drops the old generation's answers.
    state.generation = 'g2';
    await cache.generation();
    expect(cache.forTarget('/board')).toBeNull();
    expect(cache.lookup(`board|${generation}`, '/board')).toBeNull();

    // This instance's own close: not trusted until read again.
    await cache.answer(
      'board|g2',
      '/board',
      { route: '/r', freshness: 'until-next-close', generation: 'g2' },
      async () => text(6),
    );
    expect(cache.forTarget('/board')).not.toBeNull();
    cache.forgetGeneration();
    expect(cache.forTarget('/board')).toBeNull();
  });

  it('keeps no answer built for a generation that passed while it was built', async () => {
    const { cache, state } = cacheWith();
    await cache.generation();
    const answer = await cache.answer(
      'board|g1',
      '/board',
      { route: '/r', freshness: 'until-next-close', generation: 'g1' },
      async () => {
        state.generation = 'g2';
        await cache.generation();
        return text(5);
      },
    );
    expect(answer.identity.toString()).toBe(text(5));
    expect(cache.lookup('board|g1', '/board')).toBeNull();
  });

  it('answers 304 for any of its tags, and the preferred encoding otherwise', async () => {
    const { cache } = cacheWith();
    const kept = await cache.answer(
      'day',
      '/day',
      { route: '/r', freshness: 'closed-day', generation: null },
      async () => text(2000),
    );
    const br = cache.respond(kept, 'gzip, br', undefined);
    expect(br.headers).toMatchObject({ 'Content-Encoding': 'br', ETag: kept.etags.br });
    expect(br.body).toBe(kept.br);
    expect(cache.respond(kept, undefined, `"nope", ${kept.etags.gzip}`).status).toBe(304);
    expect(cache.respond(kept, undefined, '"nope"').status).toBe(200);
  });
});
