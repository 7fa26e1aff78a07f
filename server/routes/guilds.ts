// /api/guilds/*: list, create, join, leave, detail, today's picks of the members, remove, delete.
// Mounted at /api/guilds, behind one guard: every route needs a signed-in player.
import { createGuild, deleteGuild, joinGuild, leaveGuild, removeMember } from '../../core/guilds/guild-membership.ts';
import { guildDetail, guildSubmissions, listGuilds, myGuild } from '../../core/guilds/guild-views.ts';
import type { AppServices } from '../app-env.ts';
import { guardedApp, signedIn } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiRoute, json, jsonBody } from '../openapi.ts';
import {
  CreateGuildRequest,
  GuildChangeResponse,
  GuildDetailResponse,
  GuildMemberParams,
  GuildsQuery,
  GuildsResponse,
  GuildSubmissionsResponse,
  JoinGuildRequest,
  MyGuildResponse,
} from './guilds.schemas.ts';
import { IdParams, MessageResponse } from './shared.schemas.ts';

const tags = ['Guilds'];
const player = { access: 'player' } as const;

export const guildRoutes = ({ deps, limiter }: AppServices) => {
  const app = guardedApp(signedIn);
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/',
          operationId: 'listGuilds',
          summary: 'List the guilds',
          tags,
          request: { query: GuildsQuery },
          responses: { 200: json(GuildsResponse, 'The guilds.') },
        },
        player,
      ),
      async (c) => c.json(await listGuilds(deps, c.req.valid('query').limit), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/',
          operationId: 'createGuild',
          summary: 'Create a guild',
          tags,
          middleware: rateLimit(limiter, 'guildCreate'),
          request: jsonBody(CreateGuildRequest),
          responses: { 201: json(GuildChangeResponse, 'The new guild, with its creator as admin.') },
        },
        { ...player, failures: ['NAME_TAKEN', 'ALREADY_IN_GUILD', 'RATE_LIMITED'] },
      ),
      async (c) => c.json(await createGuild(deps, { userId: c.var.user.id, ...c.req.valid('json') }), 201),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/join',
          operationId: 'joinGuild',
          summary: 'Join a guild',
          tags,
          middleware: rateLimit(limiter, 'guildJoin'),
          request: jsonBody(JoinGuildRequest),
          responses: { 200: json(GuildChangeResponse, 'The guild joined.') },
        },
        { ...player, failures: ['NOT_FOUND', 'WRONG_PASSWORD', 'GUILD_FULL', 'ALREADY_IN_GUILD', 'RATE_LIMITED'] },
      ),
      async (c) => c.json(await joinGuild(deps, { userId: c.var.user.id, ...c.req.valid('json') }), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/leave',
          operationId: 'leaveGuild',
          summary: "Leave the player's guild",
          tags,
          responses: { 200: json(MessageResponse, 'The guild is left.') },
        },
        { ...player, failures: ['NOT_FOUND', 'CONFLICT'] },
      ),
      async (c) => c.json(await leaveGuild(deps, { userId: c.var.user.id }), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/my',
          operationId: 'getMyGuild',
          summary: "Read the player's guild",
          tags,
          responses: { 200: json(MyGuildResponse, "The player's guild, or nulls.") },
        },
        player,
      ),
      async (c) => c.json(await myGuild(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{id}',
          operationId: 'getGuild',
          summary: 'Read a guild and its members',
          tags,
          request: { params: IdParams },
          responses: { 200: json(GuildDetailResponse, 'The guild and its members.') },
        },
        { ...player, failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await guildDetail(deps, c.req.valid('param').id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{id}/submissions',
          operationId: 'getGuildSubmissions',
          summary: "Read the members' picks today",
          tags,
          request: { params: IdParams },
          responses: { 200: json(GuildSubmissionsResponse, "The members' picks in today's game (members only).") },
        },
        { ...player, failures: ['NOT_FOUND', 'FORBIDDEN'] },
      ),
      async (c) =>
        c.json(await guildSubmissions(deps, { userId: c.var.user.id, guildId: c.req.valid('param').id }), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'delete',
          path: '/{id}/members/{userId}',
          operationId: 'removeGuildMember',
          summary: 'Remove a member from a guild',
          tags,
          request: { params: GuildMemberParams },
          responses: { 200: json(MessageResponse, 'The member is removed (guild admin only).') },
        },
        { ...player, failures: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'] },
      ),
      async (c) => {
        const { id, userId } = c.req.valid('param');
        return c.json(await removeMember(deps, { userId: c.var.user.id, guildId: id, memberUserId: userId }), 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'delete',
          path: '/{id}',
          operationId: 'deleteGuild',
          summary: 'Delete a guild',
          tags,
          request: { params: IdParams },
          responses: { 200: json(MessageResponse, 'The guild is deleted (guild admin only).') },
        },
        { ...player, failures: ['NOT_FOUND', 'FORBIDDEN'] },
      ),
      async (c) => c.json(await deleteGuild(deps, { userId: c.var.user.id, guildId: c.req.valid('param').id }), 200),
    );
};
