// GET /admin/audit: the money trail (payout reviews and prize setting changes) for the admin panel's AUDIT tab.
// Part of the admin API: admin.ts mounts it at /admin/audit, behind its admin guard.
import { z } from '@hono/zod-openapi';
import { auditTrail, MAX_AUDIT_PAGE_SIZE } from '../../core/payouts/audit-trail.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { apiApp, apiRoute, json } from '../openapi.ts';
import { intQuery } from '../validation.ts';
import { AuditTrailResponse } from './admin.schemas.ts';

/** A day YYYY-MM-DD; absent or empty means no bound. */
const day = (name: string) =>
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, `${name} must be a date YYYY-MM-DD`)
    .optional()
    .transform((value) => value || undefined)
    .openapi({ type: 'string', format: 'date' });

const AuditQuery = z.object({
  from: day('from').openapi({ description: 'The first day (UTC) to show, inclusive.' }),
  to: day('to').openapi({ description: 'The last day (UTC) to show, inclusive.' }),
  admin: z
    .string()
    .max(320, 'admin: the e-mail is too long.')
    .optional()
    .openapi({ description: "The deciding admin's e-mail." }),
  page: intQuery('page', 1, 1, 1_000_000).openapi({ type: 'integer', description: 'Default 1.' }),
  pageSize: intQuery('pageSize', 50, 1, MAX_AUDIT_PAGE_SIZE).openapi({
    type: 'integer',
    description: `1–${MAX_AUDIT_PAGE_SIZE}, default 50.`,
  }),
});

export const auditRoutes = ({ deps }: AppServices) =>
  apiApp<AppEnv>().openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'getAuditTrail',
        summary: 'Read the audit trail of money and prize changes',
        tags: ['Admin'],
        request: { query: AuditQuery },
        responses: { 200: json(AuditTrailResponse, 'A page of payout decisions and prize changes, newest first.') },
      },
      { access: 'admin' },
    ),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(
        await auditTrail(deps, {
          from: query.from,
          to: query.to,
          adminEmail: query.admin,
          page: query.page,
          pageSize: query.pageSize,
        }),
        200,
      );
    },
  );
