// PUT /api/profile: saves the display name and e-mail, then refetches the current user (spec-2 §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, ProfileUpdateRequest } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../auth/use-me.ts';

export function updateProfile(request: ProfileUpdateRequest): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/profile', { method: 'PUT', body: request });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
