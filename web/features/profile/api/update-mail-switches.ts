// PUT /api/profile with one mail switch changed (news mails or the daily reminder): the saved name and e-mail go along
// unchanged.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../../server/routes/me.schemas.ts';
import type { ProfileResponse } from '../../../../server/routes/profile.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

export type MailSwitches = Partial<Pick<ProfileResponse, 'emailNotifications' | 'dailyReminder'>>;

export function updateMailSwitches(user: MeResponse, switches: MailSwitches): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>('/api/profile', {
    method: 'PUT',
    body: { email: user.email, displayName: user.displayName, ...switches },
  });
}

export function useUpdateMailSwitches(user: MeResponse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (switches: MailSwitches) => updateMailSwitches(user, switches),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions.queryKey, profile),
  });
}
