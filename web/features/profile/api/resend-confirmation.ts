// POST /api/profile/email-confirmation: another link to the unconfirmed contact e-mail.
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function resendConfirmation(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/profile/email-confirmation', { method: 'POST' });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
