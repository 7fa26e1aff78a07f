import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralStatsResponse } from '../../../../server/routes/referrals.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { referralKeys } from '../../../api/query-keys.ts';

/** GET /api/referrals/stats */
export function getReferralStats(): Promise<ReferralStatsResponse> {
  return apiFetch<ReferralStatsResponse>('/api/referrals/stats');
}

export const referralStatsQueryOptions = queryOptions({ queryKey: referralKeys.stats(), queryFn: getReferralStats });

export function useReferralStats(signedIn: boolean) {
  return useQuery({ ...referralStatsQueryOptions, enabled: signedIn });
}
