import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralValidateResponse } from '../../../../server/routes/referrals.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { shouldValidate } from '../referral-code.ts';
import { referralKeys } from '../../../api/query-keys.ts';

/** GET /api/referrals/validate/{code} */
export function validateReferralCode(code: string): Promise<ReferralValidateResponse> {
  return apiFetch<ReferralValidateResponse>(`/api/referrals/validate/${encodeURIComponent(code)}`);
}

export function validateReferralCodeQueryOptions(code: string) {
  return queryOptions({ queryKey: referralKeys.validate(code), queryFn: () => validateReferralCode(code) });
}

/** Asks the server only once the code has its full 12 characters. */
export function useValidateReferralCode(code: string) {
  return useQuery({ ...validateReferralCodeQueryOptions(code), enabled: shouldValidate(code) });
}
