import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRewardsResponse } from '../../server/routes/rewards.schemas.ts';
import { apiFetch } from '../lib/api-client.ts';
import { rewardKeys } from './query-keys.ts';

/** GET /api/rewards/mine */
export function getMyRewards(): Promise<MyRewardsResponse> {
  return apiFetch<MyRewardsResponse>('/api/rewards/mine');
}

export const myRewardsQueryOptions = queryOptions({ queryKey: rewardKeys.mine(), queryFn: getMyRewards });

export function useMyRewards(signedIn: boolean) {
  return useQuery({ ...myRewardsQueryOptions, enabled: signedIn });
}
