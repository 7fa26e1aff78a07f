// GET /api/prizes/date/{date} for the claim form. A weekday without prizes answers 404 with status 'disabled',
// which this fetcher turns into a value, so the form can show 'NO PRIZE TODAY' instead of an error.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrizeDto, PrizeForDateResponse } from '../../../../server/contract.ts';
import { ApiClientError, apiFetch } from '../../../lib/api-client.ts';

export type ClaimPrize =
  | { status: 'active'; prize: PrizeDto; dayOfWeek: number }
  | { status: 'disabled'; message: string | null; dayOfWeek: number | null };

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** The disabled-prize answer hidden in an error, or null when the error is something else (spec-2 §8). */
export function disabledPrizeOf(error: unknown): Extract<ClaimPrize, { status: 'disabled' }> | null {
  if (!(error instanceof ApiClientError)) return null;
  let body = asRecord(error.body);
  if (body === null) {
    // Some readings carry the JSON in the message text instead of the body.
    try {
      body = asRecord(JSON.parse(error.message));
    } catch {
      body = null;
    }
  }
  if (body === null || body.status !== 'disabled') return null;
  return {
    status: 'disabled',
    message: typeof body.message === 'string' && body.message !== '' ? body.message : null,
    dayOfWeek: typeof body.dayOfWeek === 'number' ? body.dayOfWeek : null,
  };
}

export async function getPrizeForDate(date: string): Promise<ClaimPrize> {
  try {
    const answer = await apiFetch<PrizeForDateResponse>(`/api/prizes/date/${encodeURIComponent(date)}`);
    return { status: 'active', prize: answer.prize, dayOfWeek: answer.dayOfWeek };
  } catch (error) {
    const disabled = disabledPrizeOf(error);
    if (disabled !== null) return disabled;
    throw error;
  }
}

export function prizeForDateQueryOptions(date: string) {
  // Its own key: the play screen caches the raw answer of the same path.
  return queryOptions({ queryKey: ['winnings', 'prize-for-date', date], queryFn: () => getPrizeForDate(date) });
}

export function usePrizeForDate(date: string) {
  return useQuery(prizeForDateQueryOptions(date));
}
