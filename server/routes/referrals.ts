// /api/referrals/*: the player's code and counters, code validation, processing a code after sign-in.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  myReferralCode,
  processReferral,
  referralBonuses,
  referralStats,
  validateReferralCode,
} from '../../core/referrals/referrals.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireUser } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { jsonBody, object } from '../validation.ts';

const processBody = object({
  referralCode: z
    .string({ error: 'referralCode is required.' })
    .trim()
    .max(64, 'A referral code has 12 characters.')
    .transform((code) => code.toUpperCase()),
});

export const referralRoutes = ({ deps, limiter }: AppServices) =>
  new Hono<AppEnv>()
    .get('/referrals/code', async (c) => c.json(await myReferralCode(deps, requireUser(c).id)))
    .get('/referrals/stats', async (c) => c.json(await referralStats(deps, requireUser(c).id)))
    .get('/referrals/bonuses', async (c) => c.json(await referralBonuses(deps, requireUser(c).id)))
    // Open to signed-out visitors: the sign-up screen checks a code before sign-in.
    .get('/referrals/validate/:code', rateLimit(limiter, 'referralValidate'), async (c) => {
      const code = c.req.param('code').trim().toUpperCase();
      return c.json({ valid: code.length <= 64 && (await validateReferralCode(deps, code)) });
    })
    .post('/referrals/process', rateLimit(limiter, 'referralValidate'), async (c) => {
      const user = requireUser(c);
      const { referralCode } = await jsonBody(c, processBody);
      return c.json(await processReferral(deps, { userId: user.id, referralCode }));
    });
