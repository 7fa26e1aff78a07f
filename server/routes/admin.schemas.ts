// The admin API's payloads (/admin/*): submissions, the audit trail, bots, the mail outbox.
import { z } from '@hono/zod-openapi';
import { intQuery, object } from '../validation.ts';
import { entryType, gameKey, instant, openOrClosed } from './shared.schemas.ts';

/** GET /admin/submissions?page=&limit= */
export const AdminSubmissionsQuery = z.object({
  page: intQuery('page', 1, 1, 1_000_000).openapi({ type: 'integer', description: 'Default 1.' }),
  limit: intQuery('limit', 20, 1, 100).openapi({ type: 'integer', description: '1–100, default 20.' }),
});
export const AdminSubmissionsResponse = z
  .object({
    game: z.object({ date: gameKey, status: openOrClosed }),
    submissions: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        userId: z.string().nullable(),
        userDisplayName: z.string().nullable(),
        userEmail: z.string().nullable(),
        entryType,
        guildName: z.string().nullable(),
        submittedAt: instant,
        /** The player is in a cluster of 3 or more accounts in this game (DESIGN.md §18). */
        clustered: z.boolean(),
      }),
    ),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      totalCount: z.number().int(),
      totalPages: z.number().int(),
      hasPreviousPage: z.boolean(),
      hasNextPage: z.boolean(),
    }),
  })
  .openapi('AdminSubmissionsResponse');
export type AdminSubmissionsResponse = z.output<typeof AdminSubmissionsResponse>;
/** GET /admin/audit?from=&to=&admin=&page=&pageSize=: payout reviews and prize setting changes, newest first. */
export const AuditTrailResponse = z
  .object({
    records: z.array(
      z.object({
        id: z.string(),
        at: instant,
        kind: z.enum(['payout', 'prize']),
        adminId: z.string(),
        /** null once the admin's account is deleted. */
        adminName: z.string().nullable(),
        subject: z.string(),
        fromState: z.string().nullable(),
        toState: z.string().nullable(),
        note: z.string().nullable(),
        reference: z.string().nullable(),
      }),
    ),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi('AuditTrailResponse');
export type AuditTrailResponse = z.output<typeof AuditTrailResponse>;
const whole = (name: string) => z.number({ error: `${name} must be a number.` });
/** POST /admin/create-bot-submissions */
export const CreateBotsBody = object({
  botCount: whole('botCount').optional().default(10),
  bonusCount: whole('bonusCount').optional().default(3),
  minNumber: whole('minNumber').optional().default(1),
  maxNumber: whole('maxNumber').optional().default(100),
  strategy: z.enum(['human', 'uniform'], { error: 'strategy must be human or uniform.' }).optional(),
}).openapi('CreateBotsRequest');
/** The bot form's fields (the strategy keeps the server's default). */
export type CreateBotsRequest = Omit<z.output<typeof CreateBotsBody>, 'strategy'>;
export const CreateBotsResponse = z
  .object({ botsCreated: z.number().int(), submissionsCreated: z.number().int(), gameDate: gameKey })
  .openapi('CreateBotsResponse');
export type CreateBotsResponse = z.output<typeof CreateBotsResponse>;
/** DELETE /admin/delete-bot-submissions */
export const DeleteBotsResponse = z
  .object({
    deletedSubmissions: z.number().int(),
    deletedBonusEntries: z.number().int(),
    botUsersPreserved: z.number().int(),
  })
  .openapi('DeleteBotsResponse');
export type DeleteBotsResponse = z.output<typeof DeleteBotsResponse>;
/** GET /admin/status `.mail`: the outbox (DESIGN.md §15). `delivery` is `off` without SMTP_URL (mails wait). */
export const AdminMailStatus = z
  .object({
    /** Mails not yet sent: pending or being sent. */
    backlog: z.number().int(),
    /** Dead letters: `lowest mail list --failed` shows them. */
    failed: z.number().int(),
    delivery: z.enum(['smtp', 'off']),
  })
  .openapi('AdminMailStatus');
export type AdminMailStatus = z.output<typeof AdminMailStatus>;
