// /api/guilds/*: create, join, list, detail, members' picks, remove, leave, delete.
import { describe, expect, it } from 'vitest';
import type {
  GuildDetailResponse,
  GuildDto,
  GuildsResponse,
  GuildSubmissionsResponse,
  MyGuildResponse,
} from '../../server/routes/guilds.schemas.ts';
import { json, makeHarness } from './harness.ts';

const setup = async () => {
  const h = await makeHarness();
  const ann = await h.signIn('ann@example.com', 'Ann');
  const bob = await h.signIn('bob@example.com', 'Bob');
  const res = await h.request('POST', '/api/guilds', {
    cookie: ann,
    json: { name: 'Low Ballers', description: 'We go low', password: 'secret1' },
  });
  expect(res.status).toBe(201);
  const { guild } = await json<{ guild: GuildDto }>(res);
  return { h, ann, bob, guild };
};

describe('guilds', () => {
  it('create, join, list, my guild, detail and the members’ picks of today', async () => {
    const { h, ann, bob, guild } = await setup();
    expect(guild).toMatchObject({ name: 'Low Ballers', description: 'We go low', memberCount: 1, adminName: 'Ann' });
    const joined = await h.request('POST', '/api/guilds/join', {
      cookie: bob,
      json: { guildId: guild.id, password: 'secret1' },
    });
    expect(joined.status).toBe(200);
    expect((await json<{ guild: GuildDto }>(joined)).guild.memberCount).toBe(2);

    const list = await json<GuildsResponse>(await h.request('GET', '/api/guilds?limit=50', { cookie: bob }));
    expect(list.guilds.map((g) => g.name)).toEqual(['Low Ballers']);
    const mine = await json<MyGuildResponse>(await h.request('GET', '/api/guilds/my', { cookie: bob }));
    expect(mine).toMatchObject({ guild: { id: guild.id }, membership: { isAdmin: false } });
    const detail = await json<GuildDetailResponse>(await h.request('GET', `/api/guilds/${guild.id}`, { cookie: bob }));
    expect(detail.members.map((m) => [m.playerName, m.isAdmin])).toEqual(
      expect.arrayContaining([
        ['Ann', true],
        ['Bob', false],
      ]),
    );

    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 8 } });
    const picks = await json<GuildSubmissionsResponse>(
      await h.request('GET', `/api/guilds/${guild.id}/submissions`, { cookie: bob }),
    );
    expect(picks).toMatchObject({ gameDate: '2026-11-20', submissions: [{ playerName: 'Ann', number: 8 }] });
  });

  it('is 401 signed out', async () => {
    const { h, guild } = await setup();
    for (const [method, path] of [
      ['GET', '/api/guilds'],
      ['GET', '/api/guilds/my'],
      ['GET', `/api/guilds/${guild.id}`],
      ['GET', `/api/guilds/${guild.id}/submissions`],
      ['POST', '/api/guilds/leave'],
      ['DELETE', `/api/guilds/${guild.id}`],
    ] as const) {
      expect((await h.request(method, path)).status, path).toBe(401);
    }
    expect((await h.request('POST', '/api/guilds', { json: { name: 'Abc', password: 'pass' } })).status).toBe(401);
    expect(
      (await h.request('POST', '/api/guilds/join', { json: { guildId: guild.id, password: 'pass' } })).status,
    ).toBe(401);
  });

  it('400 for bad guild fields', async () => {
    const { h, bob } = await setup();
    const cases: [unknown, string][] = [
      [{ name: '', password: '' }, 'Guild name and password are required'],
      [{ name: 'Ab', password: 'secret' }, 'Guild name must be 3-50 characters'],
      [
        { name: 'Bad!Name', password: 'secret' },
        'Guild name may contain only letters, numbers, spaces, hyphens and underscores',
      ],
      [{ name: 'Fine Name', password: 'abc' }, 'Password must be 4-20 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await h.request('POST', '/api/guilds', { cookie: bob, json: body });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe(message);
    }
    const join = await h.request('POST', '/api/guilds/join', { cookie: bob, json: {} });
    expect(join.status).toBe(400);
    expect((await json(join)).error).toBe('Please select a guild and enter the password');
  });

  it('403 for a wrong password, for non-members’ picks, for non-admins removing or deleting', async () => {
    const { h, ann, bob, guild } = await setup();
    const wrong = await h.request('POST', '/api/guilds/join', {
      cookie: bob,
      json: { guildId: guild.id, password: 'nope' },
    });
    expect(wrong.status).toBe(403);
    expect((await json(wrong)).code).toBe('WRONG_PASSWORD');
    expect((await h.request('GET', `/api/guilds/${guild.id}/submissions`, { cookie: bob })).status).toBe(403);
    await h.request('POST', '/api/guilds/join', { cookie: bob, json: { guildId: guild.id, password: 'secret1' } });
    const annId = (await json<{ id: string }>(await h.request('GET', '/api/me', { cookie: ann }))).id;
    expect((await h.request('DELETE', `/api/guilds/${guild.id}/members/${annId}`, { cookie: bob })).status).toBe(403);
    expect((await h.request('DELETE', `/api/guilds/${guild.id}`, { cookie: bob })).status).toBe(403);
  });

  it('409 for a second guild, a name taken, and an admin leaving with members', async () => {
    const { h, ann, bob, guild } = await setup();
    const second = await h.request('POST', '/api/guilds', {
      cookie: ann,
      json: { name: 'Another', password: 'secret1' },
    });
    expect(second.status).toBe(409);
    expect((await json(second)).code).toBe('ALREADY_IN_GUILD');
    const taken = await h.request('POST', '/api/guilds', {
      cookie: bob,
      json: { name: 'low ballers', password: 'secret1' },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).code).toBe('NAME_TAKEN');
    await h.request('POST', '/api/guilds/join', { cookie: bob, json: { guildId: guild.id, password: 'secret1' } });
    const leave = await h.request('POST', '/api/guilds/leave', { cookie: ann });
    expect(leave.status).toBe(409);
  });

  it('409 when the guild is full (10 members)', async () => {
    const { h, guild } = await setup();
    for (let i = 1; i <= 9; i += 1) {
      const cookie = await h.signIn(`member${i}@example.com`);
      expect(
        (await h.request('POST', '/api/guilds/join', { cookie, json: { guildId: guild.id, password: 'secret1' } }))
          .status,
      ).toBe(200);
    }
    const late = await h.signIn('late@example.com');
    const res = await h.request('POST', '/api/guilds/join', {
      cookie: late,
      json: { guildId: guild.id, password: 'secret1' },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe('GUILD_FULL');
  });

  it('the admin removes a member and deletes the guild; a member leaves', async () => {
    const { h, ann, bob, guild } = await setup();
    const cat = await h.signIn('cat@example.com', 'Cat');
    await h.request('POST', '/api/guilds/join', { cookie: bob, json: { guildId: guild.id, password: 'secret1' } });
    await h.request('POST', '/api/guilds/join', { cookie: cat, json: { guildId: guild.id, password: 'secret1' } });
    const bobId = (await json<{ id: string }>(await h.request('GET', '/api/me', { cookie: bob }))).id;
    expect((await h.request('DELETE', `/api/guilds/${guild.id}/members/${bobId}`, { cookie: ann })).status).toBe(200);
    expect((await json<MyGuildResponse>(await h.request('GET', '/api/guilds/my', { cookie: bob }))).guild).toBeNull();
    expect((await h.request('POST', '/api/guilds/leave', { cookie: cat })).status).toBe(200);
    expect((await h.request('DELETE', `/api/guilds/${guild.id}`, { cookie: ann })).status).toBe(200);
    expect((await h.request('GET', `/api/guilds/${guild.id}`, { cookie: ann })).status).toBe(404);
  });
});
