// /api/guilds/*: list, create, join, leave, detail, today's picks of the members, remove, delete.
import { Hono } from 'hono';
import { z } from 'zod';
import { createGuild, deleteGuild, joinGuild, leaveGuild, removeMember } from '../../core/guilds/guild-membership.ts';
import { guildDetail, guildSubmissions, listGuilds, myGuild } from '../../core/guilds/guild-views.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireUser } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { intQuery, jsonBody, object, parse } from '../validation.ts';

const text = (name: string) => z.string({ error: `${name} must be text.` }).max(1000, `The ${name} is too long.`).nullish();
const createBody = object({ name: text('name'), description: text('description'), password: text('password') });
const joinBody = object({ guildId: text('guildId'), password: text('password') });
const listQuery = z.object({ limit: intQuery('limit', 50, 1, 50) });

export const guildRoutes = ({ deps, limiter }: AppServices) =>
  new Hono<AppEnv>()
    .get('/guilds', async (c) => {
      requireUser(c);
      const { limit } = parse(listQuery, c.req.query());
      return c.json(await listGuilds(deps, limit));
    })
    .post('/guilds', rateLimit(limiter, 'guildCreate'), async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, createBody);
      return c.json(await createGuild(deps, { userId: user.id, ...body }), 201);
    })
    .post('/guilds/join', rateLimit(limiter, 'guildJoin'), async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, joinBody);
      return c.json(await joinGuild(deps, { userId: user.id, ...body }));
    })
    .post('/guilds/leave', async (c) => c.json(await leaveGuild(deps, { userId: requireUser(c).id })))
    .get('/guilds/my', async (c) => c.json(await myGuild(deps, requireUser(c).id)))
    .get('/guilds/:id', async (c) => {
      requireUser(c);
      return c.json(await guildDetail(deps, c.req.param('id')));
    })
    .get('/guilds/:id/submissions', async (c) =>
      c.json(await guildSubmissions(deps, { userId: requireUser(c).id, guildId: c.req.param('id') })),
    )
    .delete('/guilds/:id/members/:userId', async (c) => {
      const user = requireUser(c);
      return c.json(await removeMember(deps, { userId: user.id, guildId: c.req.param('id'), memberUserId: c.req.param('userId') }));
    })
    .delete('/guilds/:id', async (c) => c.json(await deleteGuild(deps, { userId: requireUser(c).id, guildId: c.req.param('id') })));
