// The referral code a visitor validated before signing in, kept in localStorage until processed (spec-1 §4).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MeResponse } from '../../../server/contract.ts';
import { processReferral } from './api/process-referral.ts';

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

/** Posts a stored code once the user is known; removes it on success, only logs a failure. */
export function useProcessPendingReferral(user: MeResponse | null): void {
  const queryClient = useQueryClient();
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
        void queryClient.invalidateQueries({ queryKey: ['/api/entry/mine'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/referrals/bonuses'] });
      })
      .catch((error: unknown) => {
        console.error('Referral processing failed', error);
      });
  }, [user, queryClient]);
}
