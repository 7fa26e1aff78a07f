// The referral code a visitor validated before signing in, kept in localStorage until processed (spec-1 §4).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { useToast } from '../components/ui/toast.tsx';
import { ApiClientError, messageOf } from '../lib/api-client.ts';
import { processReferral } from './process-referral.ts';
import { entryKeys, referralKeys } from './query-keys.ts';

export const pendingReferralKey = 'pendingReferralCode';

export function storePendingReferralCode(code: string): void {
  localStorage.setItem(pendingReferralKey, code);
}

export function clearPendingReferralCode(): void {
  localStorage.removeItem(pendingReferralKey);
}

export function readPendingReferralCode(): string | null {
  return localStorage.getItem(pendingReferralKey);
}

/** The server's codes for a code that will never apply to this player (unknown, own, already referred, already played). */
const refusedForGood = new Set(['REFERRAL_INVALID', 'REFERRAL_NOT_ALLOWED']);

function isRefusedForGood(error: unknown): boolean {
  if (!(error instanceof ApiClientError) || typeof error.body !== 'object' || error.body === null) return false;
  const code = (error.body as Record<string, unknown>).code;
  return typeof code === 'string' && refusedForGood.has(code);
}

/**
 * Posts a stored code once the user is known and removes it on success. A code the server refuses for good is
 * removed too, and the player is told why, so it is not posted again on every load; any other failure (offline, a
 * server error) keeps it for the next load and is only logged.
 */
export function useProcessPendingReferral(user: MeResponse | null): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const started = useRef(false);
  useEffect(() => {
    if (user === null || started.current) return;
    const code = readPendingReferralCode();
    if (code === null || code === '') return;
    started.current = true;
    processReferral(code)
      .then(() => {
        clearPendingReferralCode();
        // The new bonus entry shows on the play and referral screens.
        void queryClient.invalidateQueries({ queryKey: entryKeys.mine() });
        void queryClient.invalidateQueries({ queryKey: referralKeys.bonuses() });
      })
      .catch((error: unknown) => {
        if (isRefusedForGood(error)) {
          clearPendingReferralCode();
          toast({
            title: 'Referral Code Not Applied',
            description: messageOf(error, 'The referral code could not be used.'),
            variant: 'destructive',
          });
          return;
        }
        console.error('Referral processing failed', error);
      });
  }, [user, queryClient, toast]);
}
