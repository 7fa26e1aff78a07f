// GET /admin/audit: the money trail (payout reviews and prize setting changes) for the admin panel's AUDIT tab.
import { Hono } from 'hono';
import { z } from 'zod';
import { auditTrail, MAX_AUDIT_PAGE_SIZE } from '../../core/payouts/audit-trail.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireAdmin } from '../auth/guards.ts';
import { intQuery, parse } from '../validation.ts';

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date YYYY-MM-DD`)
    .optional()
    .or(z.literal('').transform(() => undefined));

const auditQuery = z.object({
  from: day('from'),
  to: day('to'),
  admin: z.string().max(320, 'admin: the e-mail is too long.').optional(),
  page: intQuery('page', 1, 1, 1_000_000),
  pageSize: intQuery('pageSize', 50, 1, MAX_AUDIT_PAGE_SIZE),
});

export const auditRoutes = ({ deps }: AppServices) =>
  new Hono<AppEnv>().get('/audit', async (c) => {
    requireAdmin(c);
    const query = parse(auditQuery, c.req.query());
    return c.json(await auditTrail(deps, { from: query.from, to: query.to, adminEmail: query.admin, page: query.page, pageSize: query.pageSize }));
  });
