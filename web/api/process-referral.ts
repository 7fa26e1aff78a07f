import type { MessageResponse } from '../../server/routes/shared.schemas.ts';
import { apiFetch } from '../lib/api-client.ts';

/** POST /api/referrals/process { referralCode } */
export function processReferral(referralCode: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/referrals/process', { method: 'POST', body: { referralCode } });
}
