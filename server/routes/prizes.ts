// /api/prizes/*: the prize of a date, the admin prize settings, the winner's claim and payout review.
import { Hono } from 'hono';
import { z } from 'zod';
import { claimPrize } from '../../core/payouts/winnings.ts';
import { listPayouts, reviewPayout } from '../../core/payouts/payout-review.ts';
import {
  deletePrizeForDate,
  prizeConfig,
  prizeOfDate,
  resetWeeklyPrize,
  saveDatePrize,
  saveWeeklyPrize,
  togglePrize,
} from '../../core/prizes/prize-config.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import { jsonBody, object, parse } from '../validation.ts';

const prizeType = z.string({ error: 'prizeType must be cash or voucher.' });
const amountCents = z.number({ error: 'amountCents must be a number of cents.' });
const description = z.string({ error: 'description must be text.' }).max(1000, 'The description is too long.').optional();

const weeklyBody = object({
  dayOfWeek: z.number({ error: 'dayOfWeek must be a number from 1 to 7.' }),
  prizeType,
  amountCents,
  description,
  isActive: z.boolean({ error: 'isActive must be true or false.' }).optional().default(true),
});
const dateBody = object({
  date: z.string({ error: 'Date and description are required' }).optional(),
  prizeType,
  amountCents,
  description,
});
const claimBody = object({
  gameId: z.string({ error: 'gameId is required.' }).min(1, 'gameId is required.'),
  paypalEmail: z.string({ error: 'paypalEmail must be text.' }).max(320, 'The PayPal e-mail is too long.').nullish(),
  preferredName: z.string({ error: 'preferredName must be text.' }).max(200, 'The name is too long.').nullish(),
});
const reviewBody = object({
  status: z.string({ error: 'status must be approved, failed or paid.' }),
  reviewNotes: z.string({ error: 'reviewNotes must be text.' }).max(2000, 'The review notes are too long.').nullish(),
  paymentReference: z.string({ error: 'paymentReference must be text.' }).max(500, 'The payment reference is too long.').nullish(),
});
const dayParam = z.string().regex(/^[1-7]$/, 'The day must be a number from 1 (Monday) to 7 (Sunday).').transform(Number);

export const prizeRoutes = ({ deps }: AppServices) =>
  new Hono<AppEnv>()
    .get('/prizes/date/:date', async (c) => c.json(await prizeOfDate(deps, c.req.param('date'))))
    .get('/prizes/config', async (c) => {
      requireAdmin(c);
      return c.json(await prizeConfig(deps));
    })
    .post('/prizes/config/weekly', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await saveWeeklyPrize(deps, await jsonBody(c, weeklyBody), admin.id));
    })
    .post('/prizes/config/date', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await saveDatePrize(deps, await jsonBody(c, dateBody), admin.id));
    })
    .delete('/prizes/config/date/:date', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await deletePrizeForDate(deps, c.req.param('date'), admin.id));
    })
    .delete('/prizes/config/weekly/:day', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await resetWeeklyPrize(deps, parse(dayParam, c.req.param('day')), admin.id));
    })
    .patch('/prizes/config/:id/toggle', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await togglePrize(deps, c.req.param('id'), admin.id));
    })
    .post('/prizes/winner-payout', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, claimBody);
      return c.json(await claimPrize(deps, { userId: user.id, ...body }));
    })
    .get('/prizes/admin/payouts', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await listPayouts(deps, admin.id));
    })
    .post('/prizes/admin/payouts/:id', async (c) => {
      const admin = requireAdmin(c);
      const body = await jsonBody(c, reviewBody);
      return c.json(await reviewPayout(deps, { adminId: admin.id, payoutId: c.req.param('id'), ...body }));
    });
