// /api/prizes/*: the prize of a date (public), the winner's claim (its own guard), and two admin groups each behind
// one guard: the prize settings (/api/prizes/config) and the payout review (/api/prizes/admin).
import { z } from '@hono/zod-openapi';
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
import { adminOnly, guardedApp, signedIn } from '../auth/guards.ts';
import { apiApp, apiRoute, json, jsonBody } from '../openapi.ts';
import {
  AdminPayoutsResponse,
  DatePrizeRequest,
  DayParams,
  PayoutReviewRequest,
  PayoutReviewResponse,
  PrizeChangeResponse,
  PrizeConfigResponse,
  PrizeForDateResponse,
  WeeklyPrizeRequest,
  WinnerPayoutRequest,
  WinnerPayoutResponse,
} from './prizes.schemas.ts';
import { IdParams, MessageResponse } from './shared.schemas.ts';

const tags = ['Prizes'];
const admin = { access: 'admin' } as const;
const DateParams = z.object({
  date: z.string().openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-20' }),
});

/** The admin prize settings, mounted at /api/prizes/config. */
const prizeSettingsRoutes = ({ deps }: AppServices) => {
  const app = guardedApp(adminOnly);
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/',
          operationId: 'getPrizeConfig',
          summary: 'Read the prize settings',
          tags,
          responses: { 200: json(PrizeConfigResponse, 'The weekly rows then the overrides by date.') },
        },
        admin,
      ),
      async (c) => c.json(await prizeConfig(deps), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/weekly',
          operationId: 'saveWeeklyPrize',
          summary: "Save a weekday's prize",
          tags,
          request: jsonBody(WeeklyPrizeRequest),
          responses: { 200: json(PrizeChangeResponse, 'The saved weekday.') },
        },
        admin,
      ),
      async (c) => c.json(await saveWeeklyPrize(deps, c.req.valid('json'), c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/date',
          operationId: 'saveDatePrize',
          summary: "Save a date's prize override",
          tags,
          request: jsonBody(DatePrizeRequest),
          responses: { 200: json(PrizeChangeResponse, 'The saved override.') },
        },
        admin,
      ),
      async (c) => c.json(await saveDatePrize(deps, c.req.valid('json'), c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'delete',
          path: '/date/{date}',
          operationId: 'deleteDatePrize',
          summary: "Delete a date's prize override",
          tags,
          request: { params: DateParams },
          responses: { 200: json(MessageResponse, 'The override is gone.') },
        },
        { ...admin, failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await deletePrizeForDate(deps, c.req.valid('param').date, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'delete',
          path: '/weekly/{day}',
          operationId: 'resetWeeklyPrize',
          summary: "Reset a weekday's prize to its default",
          tags,
          request: { params: DayParams },
          responses: { 200: json(PrizeChangeResponse, 'The weekday is back to its default.') },
        },
        admin,
      ),
      async (c) => c.json(await resetWeeklyPrize(deps, c.req.valid('param').day, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'patch',
          path: '/{id}/toggle',
          operationId: 'togglePrize',
          summary: 'Switch a prize setting on or off',
          tags,
          request: { params: IdParams },
          responses: { 200: json(PrizeChangeResponse, 'The row, switched on or off.') },
        },
        { ...admin, failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await togglePrize(deps, c.req.valid('param').id, c.var.user.id), 200),
    );
};

/** The payout review, mounted at /api/prizes/admin. */
const payoutReviewRoutes = ({ deps }: AppServices) => {
  const app = guardedApp(adminOnly);
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/payouts',
          operationId: 'listPayouts',
          summary: 'List the payout claims',
          tags,
          responses: { 200: json(AdminPayoutsResponse, 'The claims, with what this admin may do next.') },
        },
        admin,
      ),
      async (c) => c.json(await listPayouts(deps, c.var.user.id), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/payouts/{id}',
          operationId: 'reviewPayout',
          summary: 'Approve, reject or mark a payout paid',
          tags,
          request: { params: IdParams, ...jsonBody(PayoutReviewRequest) },
          responses: { 200: json(PayoutReviewResponse, 'The payout in its new state.') },
        },
        { ...admin, failures: ['NOT_FOUND', 'OWN_PAYOUT', 'ILLEGAL_TRANSITION', 'CONFLICT'] },
      ),
      async (c) =>
        c.json(
          await reviewPayout(deps, {
            adminId: c.var.user.id,
            payoutId: c.req.valid('param').id,
            ...c.req.valid('json'),
          }),
          200,
        ),
    );
};

export const prizeRoutes = (services: AppServices) =>
  apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/date/{date}',
          operationId: 'getPrizeForDate',
          summary: "Read a date's prize",
          tags,
          request: { params: DateParams },
          responses: {
            200: json(
              PrizeForDateResponse,
              "The date's prize; a disabled day is a 404 PRIZE_DISABLED with status, message and dayOfWeek.",
            ),
          },
        },
        { access: 'public', failures: ['PRIZE_DISABLED'] },
      ),
      async (c) => c.json(await prizeOfDate(services.deps, c.req.valid('param').date), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/winner-payout',
          operationId: 'claimPrize',
          summary: 'Claim a prize',
          tags,
          middleware: signedIn,
          request: jsonBody(WinnerPayoutRequest),
          responses: { 200: json(WinnerPayoutResponse, 'The claim is waiting for review.') },
        },
        { access: 'player', failures: ['NOT_FOUND', 'FORBIDDEN', 'ALREADY_CLAIMED'] },
      ),
      async (c) => c.json(await claimPrize(services.deps, { userId: c.var.user.id, ...c.req.valid('json') }), 200),
    )
    .route('/config', prizeSettingsRoutes(services))
    .route('/admin', payoutReviewRoutes(services));
