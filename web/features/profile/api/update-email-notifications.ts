// PUT /api/profile with the e-mail switch only changed: the saved name and e-mail go along unchanged.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, ProfileResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

export function updateEmailNotifications(user: MeResponse, emailNotifications: boolean): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/api/profile', {
    method: 'PUT',
    body: { email: user.email, displayName: user.displayName, emailNotifications },
  });
}

export function useUpdateEmailNotifications(user: MeResponse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailNotifications: boolean) => updateEmailNotifications(user, emailNotifications),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions.queryKey, profile),
  });
}
