import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralCodeResponse } from '../../../../server/routes/referrals.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { referralKeys } from '../../../api/query-keys.ts';

/** GET /api/referrals/code */
export function getReferralCode(): Promise<ReferralCodeResponse> {
  return apiFetch<ReferralCodeResponse>('/api/referrals/code');
}

export const referralCodeQueryOptions = queryOptions({ queryKey: referralKeys.code(), queryFn: getReferralCode });

export function useReferralCode(signedIn: boolean) {
  return useQuery({ ...referralCodeQueryOptions, enabled: signedIn });
}
