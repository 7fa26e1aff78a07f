// The admin API at /admin/*: status, daily close, compute, open, submissions, bots.
import { describe, expect, it } from 'vitest';
import type {
  AdminSubmissionsResponse,
  CreateBotsResponse,
  DeleteBotsResponse,
} from '../../server/routes/admin.schemas.ts';
import type { GameTodayResponse } from '../../server/routes/game.schemas.ts';
import { ADMIN_EMAIL, json, makeHarness } from './harness.ts';

describe('admin API', () => {
  it('GET /admin/status reports the game, users and settings', async () => {
    const { request, signIn } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const status = await json(await request('GET', '/admin/status', { cookie: admin }));
    expect(status).toMatchObject({
      serverTime: '2026-11-20T12:00:00.000Z',
      currentGame: { gameDate: '2026-11-20', effectiveStatus: 'open' },
      users: { users: 1, bots: 0 },
      authMode: 'dev',
    });
  });

  it('bots: create picks for the open game, list them in the submissions, clear them', async () => {
    const { request, signIn } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const created = await request('POST', '/admin/create-bot-submissions', {
      cookie: admin,
      json: { botCount: 25, bonusCount: 5, minNumber: 1, maxNumber: 100 },
    });
    expect(created.status).toBe(200);
    expect(await json<CreateBotsResponse>(created)).toEqual({
      botsCreated: 25,
      submissionsCreated: 30,
      gameDate: '2026-11-20',
    });

    const page1 = await json<AdminSubmissionsResponse>(
      await request('GET', '/admin/submissions?page=1&limit=20', { cookie: admin }),
    );
    expect(page1.game).toEqual({ date: '2026-11-20', status: 'open' });
    expect(page1.submissions).toHaveLength(20);
    expect(page1.submissions[0]?.userId).toMatch(/^bot:/);
    expect(page1.pagination).toEqual({
      page: 1,
      limit: 20,
      totalCount: 30,
      totalPages: 2,
      hasPreviousPage: false,
      hasNextPage: true,
    });
    const page2 = await json<AdminSubmissionsResponse>(
      await request('GET', '/admin/submissions?page=2&limit=20', { cookie: admin }),
    );
    expect(page2.submissions).toHaveLength(10);
    expect(page2.pagination).toMatchObject({ hasPreviousPage: true, hasNextPage: false });

    const cleared = await request('DELETE', '/admin/delete-bot-submissions', { cookie: admin });
    expect(await json<DeleteBotsResponse>(cleared)).toEqual({
      deletedSubmissions: 30,
      deletedBonusEntries: 5,
      botUsersPreserved: 25,
    });
    const empty = await json<AdminSubmissionsResponse>(await request('GET', '/admin/submissions', { cookie: admin }));
    expect(empty.pagination).toMatchObject({ page: 1, limit: 20, totalCount: 0, totalPages: 1 });
  });

  it('bots: 400 with the form messages', async () => {
    const { request, signIn } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const cases: [unknown, string][] = [
      [{ botCount: 0, bonusCount: 0, minNumber: 1, maxNumber: 10 }, 'Bot count must be between 1 and 1000'],
      [{ botCount: 1001, bonusCount: 0, minNumber: 1, maxNumber: 10 }, 'Bot count must be between 1 and 1000'],
      [{ botCount: 5, bonusCount: -1, minNumber: 1, maxNumber: 10 }, 'Bonus count cannot be negative'],
      [
        { botCount: 5, bonusCount: 0, minNumber: 10, maxNumber: 1 },
        'Invalid number range. Min must be >= 1 and <= Max',
      ],
      [{ botCount: 'ten' }, 'botCount must be a number.'],
    ];
    for (const [body, message] of cases) {
      const res = await request('POST', '/admin/create-bot-submissions', { cookie: admin, json: body });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe(message);
    }
    expect((await request('GET', '/admin/submissions?page=zero', { cookie: admin })).status).toBe(400);
  });

  it('daily close closes due games; compute closes early; open makes an extra numbered game', async () => {
    const { request, signIn, clock } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const ann = await signIn('ann@example.com');
    await request('POST', '/api/entry', { cookie: ann, json: { number: 3 } });

    const nothing = await json<{ closed: string[] }>(await request('POST', '/admin/daily-close', { cookie: admin }));
    expect(nothing.closed).toEqual([]);

    const computed = await request('POST', '/admin/compute/2026-11-20', { cookie: admin });
    expect(computed.status).toBe(200);
    expect(await json(computed)).toMatchObject({
      gameKey: '2026-11-20',
      closedNow: true,
      stats: { snapshot: { winningNumber: 3 } },
    });
    const again = await json(await request('POST', '/admin/compute/2026-11-20', { cookie: admin }));
    expect(again).toMatchObject({ closedNow: false });

    const opened = await request('POST', '/admin/open/2026-11-20', { cookie: admin });
    expect(opened.status).toBe(200);
    expect(await json(opened)).toMatchObject({ game: { key: '2026-11-20-2', status: 'open' } });
    expect((await json<GameTodayResponse>(await request('GET', '/api/game/today'))).gameDate).toBe('2026-11-20-2');

    clock.set('2026-11-21T00:00:01.000Z');
    const closed = await json<{ closed: string[] }>(await request('POST', '/admin/daily-close', { cookie: admin }));
    expect(closed.closed).toEqual(['2026-11-20-2']);
    expect((await json<GameTodayResponse>(await request('GET', '/api/game/today'))).gameDate).toBe('2026-11-21');
  });

  it('dates: 400 for a malformed date, 404 for a date without a game, 409 for a past closed date', async () => {
    const { request, signIn, clock } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const bad = await request('POST', '/admin/compute/tomorrow', { cookie: admin });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe('Pick a date YYYY-MM-DD');
    expect((await request('POST', '/admin/open/2026-1-1', { cookie: admin })).status).toBe(400);
    expect((await request('POST', '/admin/compute/2026-01-01', { cookie: admin })).status).toBe(404);
    await request('GET', '/api/game/today');
    clock.set('2026-11-21T00:00:01.000Z');
    await request('POST', '/admin/daily-close', { cookie: admin });
    const reopen = await request('POST', '/admin/open/2026-11-20', { cookie: admin });
    expect(reopen.status).toBe(409);
    expect((await json(reopen)).code).toBe('GAME_CLOSED');
  });
});
