import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrizeForDateResponse } from '../../../../server/routes/prizes.schemas.ts';
import { ApiClientError, apiFetch } from '../../../lib/api-client.ts';
import { prizeKeys } from '../../../api/query-keys.ts';

export interface PrizeDisabled {
  status: 'disabled';
  message: string | null;
  dayOfWeek: number | null;
}

/** A disabled weekday answers 404 with `status: 'disabled'`: a normal answer here, not an error. */
export function disabledPrizeOf(error: unknown): PrizeDisabled | null {
  if (!(error instanceof ApiClientError) || typeof error.body !== 'object' || error.body === null) return null;
  const body = error.body as Record<string, unknown>;
  if (body.status !== 'disabled') return null;
  return {
    status: 'disabled',
    message: typeof body.message === 'string' ? body.message : null,
    dayOfWeek: typeof body.dayOfWeek === 'number' ? body.dayOfWeek : null,
  };
}

/** GET /api/prizes/date/{date}; a numbered game's prize is its date's prize. */
export async function getPrizeForDate(date: string): Promise<PrizeForDateResponse | PrizeDisabled> {
  try {
    return await apiFetch<PrizeForDateResponse>(`/api/prizes/date/${encodeURIComponent(date)}`);
  } catch (error) {
    const disabled = disabledPrizeOf(error);
    if (disabled !== null) return disabled;
    throw error;
  }
}

export function prizeForDateQueryOptions(date: string) {
  return queryOptions({ queryKey: prizeKeys.forDate(date), queryFn: () => getPrizeForDate(date) });
}

export function usePrizeForDate(date: string | null) {
  return useQuery({ ...prizeForDateQueryOptions(date ?? ''), enabled: date !== null });
}
