import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralBonusesResponse } from '../../../../server/routes/referrals.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { referralKeys } from '../../../api/query-keys.ts';

/** GET /api/referrals/bonuses */
export function getReferralBonuses(): Promise<ReferralBonusesResponse> {
  return apiFetch<ReferralBonusesResponse>('/api/referrals/bonuses');
}

export const referralBonusesQueryOptions = queryOptions({
  queryKey: referralKeys.bonuses(),
  queryFn: getReferralBonuses,
});

export function useReferralBonuses(signedIn: boolean) {
  return useQuery({ ...referralBonusesQueryOptions, enabled: signedIn });
}
