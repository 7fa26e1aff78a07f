// DELETE /api/profile: deletes the account; the caller then clears the cache and leaves for '/'.
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function deleteAccount(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/profile', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
