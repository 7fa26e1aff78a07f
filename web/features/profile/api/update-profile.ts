// PUT /api/profile: saves the display name and e-mail, then refetches the current user (spec-2 §4). The answer is
// the profile, kept as is: it says whether a changed e-mail waits for its confirmation link.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, ProfileUpdateRequest } from '../../../../server/routes/profile.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';
import { meKeys } from '../../../api/query-keys.ts';

export function updateProfile(request: ProfileUpdateRequest): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/api/profile', { method: 'PUT', body: request });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      return queryClient.invalidateQueries({ queryKey: meKeys.me() });
    },
  });
}
