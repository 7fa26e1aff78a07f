/** What the DATA tab's pager shows (spec-2 §2): PREV/NEXT and 'PAGE x OF y' only when there is more than one page. */
import type { AdminSubmissionsResponse } from '../../../server/routes/admin.schemas.ts';

export const pageSizeOptions = [10, 20, 50] as const;
export const defaultPageSize = 20;

export interface PagerView {
  visible: boolean;
  label: string;
  canPrevious: boolean;
  canNext: boolean;
  previousPage: number;
  nextPage: number;
}

export function pagerView(pagination: AdminSubmissionsResponse['pagination']): PagerView {
  const totalPages = Math.max(1, pagination.totalPages);
  const page = Math.min(Math.max(1, pagination.page), totalPages);
  return {
    visible: pagination.totalPages > 1,
    label: `PAGE ${page} OF ${totalPages}`,
    canPrevious: pagination.hasPreviousPage && page > 1,
    canNext: pagination.hasNextPage && page < totalPages,
    previousPage: Math.max(1, page - 1),
    nextPage: Math.min(totalPages, page + 1),
  };
}

/** Bot users' ids start with 'bot:' (spec-2 §9). */
export function isBotUser(userId: string | null): boolean {
  return userId !== null && userId.startsWith('bot:');
}
