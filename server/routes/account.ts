// The signed-in player's account: who am I, profile edits, totals, deleting the account.
import { Hono } from 'hono';
import { z } from 'zod';
import { deleteAccount, myProfile, updateProfile, userTotals } from '../../core/accounts/profile.ts';
import { toMe } from '../../core/accounts/account-rules.ts';
import { resendConfirmation } from '../../core/accounts/contact-email.ts';
import type { MeResponse, MessageResponse, ProfileResponse } from '../contract.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireUser } from '../auth/guards.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { jsonBody, object } from '../validation.ts';

// Shapes only: the use case checks the values with the spec's messages.
const profileBody = object({
  // The username is locked to the e-mail (spec-2 §2): accepted and ignored.
  username: z.string({ error: 'username must be text.' }).optional(),
  email: z.string({ error: 'Invalid email address' }).max(320, 'Invalid email address'),
  displayName: z.string({ error: 'Display name must be at least 2 characters' }).max(200, 'Display name is too long'),
  emailNotifications: z.unknown().optional(),
  dailyReminder: z.unknown().optional(),
});

export const accountRoutes = ({ deps, config }: AppServices) =>
  new Hono<AppEnv>()
    .get('/me', (c) => c.json(toMe(requireUser(c)) satisfies MeResponse))
    .get('/profile', async (c) => c.json((await myProfile(deps, requireUser(c).id)) satisfies ProfileResponse))
    .put('/profile', async (c) => {
      const user = requireUser(c);
      const { email, displayName, emailNotifications, dailyReminder } = await jsonBody(c, profileBody);
      return c.json((await updateProfile(deps, user.id, { email, displayName, emailNotifications, dailyReminder })) satisfies ProfileResponse);
    })
    .post('/profile/email-confirmation', async (c) => c.json((await resendConfirmation(deps, requireUser(c).id)) satisfies MessageResponse))
    .delete('/profile', async (c) => {
      const user = requireUser(c);
      const result = await deleteAccount(deps, user.id);
      clearSessionCookie(c, config);
      return c.json(result);
    })
    .get('/stats/user/me', async (c) => c.json(await userTotals(deps, requireUser(c).id)));
