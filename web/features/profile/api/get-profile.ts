// GET /api/profile: the player's profile with the e-mail switch (DESIGN.md §15).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../server/routes/profile.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../api/query-keys.ts';

export function getProfile(): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/api/profile');
}

export const profileQueryOptions = queryOptions({ queryKey: profileKeys.profile(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions);
}
