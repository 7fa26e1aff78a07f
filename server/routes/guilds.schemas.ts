// The guilds' payloads.
import { z } from '@hono/zod-openapi';
import { intQuery, object } from '../validation.ts';
import { gameKey, instant, orNull } from './shared.schemas.ts';

export const GuildDto = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    memberCount: z.number().int(),
    maxMembers: z.number().int(),
    /** No seat left (server rule): not offered for joining. */
    isFull: z.boolean(),
    totalWins: z.number().int(),
    totalEntries: z.number().int(),
    createdAt: instant,
    adminName: z.string(),
    adminUserId: z.string(),
  })
  .openapi('GuildDto');
export type GuildDto = z.output<typeof GuildDto>;
/** GET /api/guilds?limit=50 */
export const GuildsQuery = z.object({
  limit: intQuery('limit', 50, 1, 50).openapi({ type: 'integer', description: '1–50, default 50.' }),
});
export const GuildsResponse = z.object({ guilds: z.array(GuildDto) }).openapi('GuildsResponse');
export type GuildsResponse = z.output<typeof GuildsResponse>;
/** GET /api/guilds/my */
export const MyGuildResponse = z
  .object({
    guild: orNull(GuildDto),
    /** canLeave is false for an admin who still has members (server rule). */
    membership: z.object({ isAdmin: z.boolean(), joinedAt: instant, canLeave: z.boolean() }).nullable(),
  })
  .openapi('MyGuildResponse');
export type MyGuildResponse = z.output<typeof MyGuildResponse>;
export const GuildMemberDto = z
  .object({
    userId: z.string(),
    playerName: z.string(),
    isAdmin: z.boolean(),
    joinedAt: instant,
    wins: z.number().int(),
    entries: z.number().int(),
    currentStreak: z.number().int(),
  })
  .openapi('GuildMemberDto');
export type GuildMemberDto = z.output<typeof GuildMemberDto>;
/** GET /api/guilds/{id} */
export const GuildDetailResponse = z
  .object({ guild: GuildDto, members: z.array(GuildMemberDto) })
  .openapi('GuildDetailResponse');
export type GuildDetailResponse = z.output<typeof GuildDetailResponse>;
/** GET /api/guilds/{id}/submissions (members only): today's picks */
export const GuildSubmissionsResponse = z
  .object({
    gameDate: gameKey,
    submissions: z.array(
      z.object({ userId: z.string(), playerName: z.string(), number: z.number().int(), submittedAt: instant }),
    ),
  })
  .openapi('GuildSubmissionsResponse');
export type GuildSubmissionsResponse = z.output<typeof GuildSubmissionsResponse>;
const guildText = (name: string) =>
  z
    .string({ error: `${name} must be text.` })
    .max(1000, `The ${name} is too long.`)
    .nullish();
/** POST /api/guilds answers GuildChangeResponse */
export const CreateGuildRequest = object({
  name: guildText('name'),
  description: guildText('description'),
  password: guildText('password'),
}).openapi('CreateGuildRequest');
export type CreateGuildRequest = z.output<typeof CreateGuildRequest>;
/** POST /api/guilds/join answers GuildChangeResponse */
export const JoinGuildRequest = object({ guildId: guildText('guildId'), password: guildText('password') }).openapi(
  'JoinGuildRequest',
);
export type JoinGuildRequest = z.output<typeof JoinGuildRequest>;
export const GuildChangeResponse = z.object({ guild: GuildDto, message: z.string() }).openapi('GuildChangeResponse');
export type GuildChangeResponse = z.output<typeof GuildChangeResponse>;
export const GuildMemberParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  userId: z.string().openapi({ param: { name: 'userId', in: 'path' } }),
});
