// /api/profile/*: the signed-in player's profile, its edits, the contact e-mail's confirmation, the data export and
// deleting the account. Mounted at /api/profile, behind one guard: every route needs a signed-in player.
import { deleteAccount, myProfile, updateProfile } from '../../core/accounts/profile.ts';
import { resendConfirmation } from '../../core/accounts/contact-email.ts';
import { playerExport } from '../../core/accounts/export.ts';
import type { AppServices } from '../app-env.ts';
import { guardedApp, signedIn } from '../auth/guards.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { rateLimit } from '../security/rate-limit.ts';
import type { TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { apiRoute, json, jsonBody } from '../openapi.ts';
import { PlayerExportResponse, ProfileResponse, ProfileUpdateRequest } from './profile.schemas.ts';
import { MessageResponse } from './shared.schemas.ts';

const player = { access: 'player' } as const;
const tags = ['Account'];

export const profileRoutes = ({ deps, config, limiter }: AppServices) => {
  const app = guardedApp(signedIn);
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/',
          operationId: 'getProfile',
          summary: 'Read the profile',
          tags,
          responses: { 200: json(ProfileResponse, 'The profile.') },
        },
        { ...player, failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await myProfile(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'put',
          path: '/',
          operationId: 'updateProfile',
          summary: 'Update the profile',
          tags,
          request: jsonBody(ProfileUpdateRequest),
          responses: { 200: json(ProfileResponse, 'The profile as saved.') },
        },
        { ...player, failures: ['NOT_FOUND', 'EMAIL_TAKEN', 'CONFLICT'] },
      ),
      async (c) => {
        const { email, displayName, emailNotifications, dailyReminder } = c.req.valid('json');
        return c.json(
          await updateProfile(deps, c.var.user.id, { email, displayName, emailNotifications, dailyReminder }),
          200,
        );
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/email-confirmation',
          operationId: 'resendEmailConfirmation',
          summary: "Send the contact e-mail's confirmation link again",
          tags,
          description:
            'Mails another confirmation link to the unconfirmed contact e-mail (at most 5 links in 24 hours).',
          responses: { 200: json(MessageResponse, 'The link is on its way.') },
        },
        { ...player, failures: ['NOT_FOUND', 'CONFLICT'] },
      ),
      async (c) => c.json(await resendConfirmation(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'delete',
          path: '/',
          operationId: 'deleteAccount',
          summary: 'Delete the account and its data',
          tags,
          description:
            'Deletes the person and signs out (DESIGN.md §8): every entry and Mine stays in its game without a player, ' +
            'winnings and paid or failed payouts stay detached. 409 while a prize payout is pending review or approved.',
          responses: { 200: json(MessageResponse, 'The account is gone.') },
        },
        { ...player, failures: ['NOT_FOUND', 'CONFLICT'] },
      ),
      async (c) => {
        const result = await deleteAccount(deps, c.var.user.id);
        clearSessionCookie(c, config);
        return c.json(result, 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/export',
          operationId: 'exportMyData',
          summary: 'Download everything the game holds about the player',
          tags,
          middleware: rateLimit(limiter, 'export'),
          description:
            "A JSON attachment, `lowest-unique-<game date>.json` (today's game date): the profile, totals, mail settings, " +
            'sessions (when each began and was last used, never a token), rewards and their uses, referrals, bonus ' +
            'entries, guild, winnings and payouts, then every game the player entered or mined with each signed receipt ' +
            '(as the play screen saves it) and, once closed, its outcome. Streamed a page of days at a time.',
          responses: {
            200: {
              ...json(PlayerExportResponse, "The player's data, as a file."),
              headers: {
                'Content-Disposition': {
                  description: '`attachment; filename="lowest-unique-<game date>.json"`',
                  schema: { type: 'string' },
                },
              },
            },
          },
        },
        { ...player, failures: ['NOT_FOUND', 'RATE_LIMITED'] },
      ),
      async (c) => {
        const { fileName, text } = await playerExport(deps, c.var.user.id, { sessionDays: config.sessionDays });
        const file = c.body(textStream(text), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'no-store',
        });
        // The body is PlayerExportResponse's JSON, written as it is read rather than built and then serialized.
        return file as unknown as TypedResponse<JSONParsed<PlayerExportResponse>, 200, 'json'>;
      },
    );
};

/** Pieces of text as a byte stream, each piece made only when the client has taken the one before. */
const textStream = (pieces: AsyncIterable<string>): ReadableStream<Uint8Array> => {
  const iterator = pieces[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
};
