// The kept public answers (ADR 0061): a closed day's statistics, result and fairness summary, and the leaderboards and
// history until the next close, each with a strong ETag, a 304 for If-None-Match and the Cache-Control of its kind;
// an open day's answers and a signed-in caller's statistics cached by no one; nothing kept served stale or to another.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { HistoryResponse } from '../../server/routes/history.schemas.ts';
import type { LeaderboardResponse, PlayerItem } from '../../server/routes/leaderboard.schemas.ts';
import type { ResultResponse } from '../../server/routes/results.schemas.ts';
import type { DailyStatsResponse } from '../../server/routes/stats.schemas.ts';
import { closeToday, json, makeHarness, type Harness } from './harness.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const STRONG_ETAG = /^"[\w-]{27}(-gz|-br)?"$/;

const CLOSED_DAY = ['/api/stats/daily/2026-11-20', '/api/results/2026-11-20', '/api/fairness/2026-11-20'];
const UNTIL_NEXT_CLOSE = ['/api/leaderboard?kind=wins&limit=50', '/api/history?limit=100'];

/** Ann and Bob pick 1, Cat 2 on 2026-11-20; Cat wins at its close. */
const playDay = async (h: Harness) => {
  const ann = await h.signIn('ann@example.com', 'Ann');
  const bob = await h.signIn('bob@example.com', 'Bob');
  const cat = await h.signIn('cat@example.com', 'Cat');
  await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
  await h.request('POST', '/api/entry', { cookie: bob, json: { number: 1 } });
  await h.request('POST', '/api/entry', { cookie: cat, json: { number: 2 } });
  return { ann, bob, cat };
};

describe('a closed day’s public answers', () => {
  it.each(CLOSED_DAY)(
    '%s: immutable, a strong ETag, 304 when it still holds, the same JSON in every encoding',
    async (path) => {
      const h = await makeHarness();
      await playDay(h);
      await closeToday(h);

      const first = await h.request('GET', path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(IMMUTABLE);
      // The statistics answer a signed-in caller otherwise at the same URL: a browser must not show them a visitor's.
      expect(first.headers.get('vary')).toBe(path.includes('/stats/') ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(STRONG_ETAG);
      const body: unknown = await first.json();

      const revalidated = await h.request('GET', path, { headers: { 'if-none-match': etag } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await revalidated.text()).toBe('');

      const br = await h.request('GET', path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('etag')).not.toBe(etag);
      expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8'))).toEqual(body);
      const gz = await h.request('GET', path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'))).toEqual(body);
      // The tag of the brotli form revalidates too: a cache that kept it asks with it.
      const brTag = br.headers.get('etag') ?? '';
      expect((await h.request('GET', path, { headers: { 'if-none-match': `W/${brTag}` } })).status).toBe(304);
      // A tag of other bytes does not.
      expect((await h.request('GET', path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    },
  );

  it('an open day’s answers stay uncacheable and are not kept past its close', async () => {
    const h = await makeHarness();
    await playDay(h);
    for (const path of ['/api/results/2026-11-20', '/api/fairness/2026-11-20']) {
      const open = await h.request('GET', path);
      expect(open.status).toBe(200);
      expect(open.headers.get('cache-control')).toBeNull();
      expect(open.headers.get('etag')).toBeNull();
      expect(await json(open)).toMatchObject({ gameDate: '2026-11-20', status: 'open' });
    }
    expect((await h.request('GET', '/api/stats/daily/2026-11-20')).status).toBe(404);

    await closeToday(h);
    expect(await json<ResultResponse>(await h.request('GET', '/api/results/2026-11-20'))).toMatchObject({
      status: 'closed',
      winnerName: 'Cat',
      winningNumber: 2,
    });
    expect(await json(await h.request('GET', '/api/fairness/2026-11-20'))).toMatchObject({ status: 'closed' });
    expect((await h.request('GET', '/api/stats/daily/2026-11-20')).status).toBe(200);
  });

  it('a signed-in caller’s statistics are private and never kept: neither served to a visitor nor a visitor’s to them', async () => {
    const h = await makeHarness();
    const { cat, ann } = await playDay(h);
    await closeToday(h);
    const path = '/api/stats/daily/2026-11-20';

    const cats = await h.request('GET', path, { cookie: cat });
    expect(cats.headers.get('cache-control')).toBe('private, no-store');
    expect(cats.headers.get('etag')).toBeNull();
    expect((await json<DailyStatsResponse>(cats)).userSubmissions.map((e) => e.number)).toEqual([2]);

    const visitor = await h.request('GET', path);
    expect(visitor.headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await json<DailyStatsResponse>(visitor)).userSubmissions).toEqual([]);
    // Kept now; a signed-in caller still gets their own.
    const anns = await json<DailyStatsResponse>(await h.request('GET', path, { cookie: ann }));
    expect(anns.userSubmissions.map((e) => e.number)).toEqual([1]);
    expect(anns.myOutcomes).toHaveLength(1);
    expect((await json<DailyStatsResponse>(await h.request('GET', path))).userSubmissions).toEqual([]);
  });
});

describe('the leaderboards and the history, kept until the next close', () => {
  it.each(UNTIL_NEXT_CLOSE)(
    '%s: a short public max-age bounded by the next close, a strong ETag and 304',
    async (path) => {
      const h = await makeHarness();
      await playDay(h);
      await closeToday(h);

      const first = await h.request('GET', path);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(STRONG_ETAG);
      const revalidated = await h.request('GET', path, { headers: { 'if-none-match': etag } });
      expect(revalidated.status).toBe(304);

      // Half a minute before the next deadline: fresh until it, and never served stale past it.
      h.clock.set('2026-11-21T23:59:30.000Z');
      const late = await h.request('GET', path);
      expect(late.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=0');

      // Past that deadline, before its close has run: the answer changes with the close, so no cache may keep it.
      h.clock.set('2026-11-22T00:00:05.000Z');
      expect((await h.request('GET', path)).headers.get('cache-control')).toBe(
        'public, max-age=0, stale-while-revalidate=0',
      );
    },
  );

  it('a second close changes the kept leaderboard and history at once', async () => {
    const h = await makeHarness();
    const { cat } = await playDay(h);
    await closeToday(h);
    const wins = async () =>
      (await json<LeaderboardResponse>(await h.request('GET', '/api/leaderboard?kind=wins&limit=50'))).items.map(
        (item) => [(item as PlayerItem).playerName, (item as PlayerItem).wins],
      );
    const history = async () =>
      (await json<HistoryResponse>(await h.request('GET', '/api/history?limit=100'))).items.map(
        (item) => `${item.gameDate} ${item.status}`,
      );
    expect(await wins()).toEqual([['Cat', 1]]);
    expect(await history()).toEqual(['2026-11-21 open', '2026-11-20 closed']);
    const before = (await h.request('GET', '/api/leaderboard?kind=wins&limit=50')).headers.get('etag') ?? '';

    h.clock.set('2026-11-21T12:00:00.000Z');
    await h.request('POST', '/api/entry', { cookie: cat, json: { number: 5 } });
    await closeToday(h, '2026-11-22T00:00:01.000Z');

    expect(await wins()).toEqual([['Cat', 2]]);
    expect(await history()).toEqual(['2026-11-22 open', '2026-11-21 closed', '2026-11-20 closed']);
    // A cache revalidating with the old tag gets the new answer.
    const revalidated = await h.request('GET', '/api/leaderboard?kind=wins&limit=50', {
      headers: { 'if-none-match': before },
    });
    expect(revalidated.status).toBe(200);
  });

  it('an unknown leaderboard is still a 400, kept by no one', async () => {
    const h = await makeHarness();
    const res = await h.request('GET', '/api/leaderboard?kind=richest');
    expect(res.status).toBe(400);
    expect(res.headers.get('etag')).toBeNull();
  });
});
