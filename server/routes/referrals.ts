// /api/referrals/*: the player's code and counters, code validation, processing a code after sign-in. Signed-in
// routes but the code's validation, which the sign-up screen calls signed out: each route carries its own guard.
import { z } from '@hono/zod-openapi';
import {
  myReferralCode,
  processReferral,
  referralBonuses,
  referralStats,
  validateReferralCode,
} from '../../core/referrals/referrals.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiApp, apiRoute, json, jsonBody } from '../openapi.ts';
import {
  ReferralBonusesResponse,
  ReferralCodeResponse,
  ReferralProcessRequest,
  ReferralStatsResponse,
  ReferralValidateResponse,
} from './referrals.schemas.ts';
import { MessageResponse } from './shared.schemas.ts';

const tags = ['Referrals'];
const CodeParams = z.object({ code: z.string().openapi({ param: { name: 'code', in: 'path' } }) });

export const referralRoutes = ({ deps, limiter }: AppServices) =>
  apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/code',
          operationId: 'getReferralCode',
          summary: "Read the player's referral code",
          tags,
          middleware: signedIn,
          responses: { 200: json(ReferralCodeResponse, "The player's code.") },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await myReferralCode(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/stats',
          operationId: 'getReferralStats',
          summary: "Read the player's referral counters",
          tags,
          middleware: signedIn,
          responses: { 200: json(ReferralStatsResponse, 'The counters.') },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await referralStats(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/bonuses',
          operationId: 'getReferralBonuses',
          summary: "Read the player's referral bonus entries",
          tags,
          middleware: signedIn,
          responses: { 200: json(ReferralBonusesResponse, 'The bonus entries.') },
        },
        { access: 'player' },
      ),
      async (c) => c.json(await referralBonuses(deps, c.var.user.id), 200),
    )
    // Open to signed-out visitors: the sign-up screen checks a code before sign-in.
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/validate/{code}',
          operationId: 'validateReferralCode',
          summary: 'Check a referral code',
          tags,
          middleware: rateLimit(limiter, 'referralValidate'),
          request: { params: CodeParams },
          responses: { 200: json(ReferralValidateResponse, 'Whether the code exists.') },
        },
        { access: 'public', failures: ['RATE_LIMITED'] },
      ),
      async (c) => {
        const code = c.req.valid('param').code.trim().toUpperCase();
        return c.json({ valid: code.length <= 64 && (await validateReferralCode(deps, code)) }, 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/process',
          operationId: 'processReferral',
          summary: 'Record who referred the player',
          tags,
          middleware: [signedIn, rateLimit(limiter, 'referralValidate')] as const,
          request: jsonBody(ReferralProcessRequest),
          responses: { 200: json(MessageResponse, 'The code is applied: both players get a bonus entry.') },
        },
        { access: 'player', failures: ['REFERRAL_INVALID', 'REFERRAL_NOT_ALLOWED', 'NOT_FOUND', 'RATE_LIMITED'] },
      ),
      async (c) =>
        c.json(
          await processReferral(deps, { userId: c.var.user.id, referralCode: c.req.valid('json').referralCode }),
          200,
        ),
    );
