// The sign-up referral code box: normalisation, validation state and the button label (spec-1 §2, §4, §5).

export const referralCodeLength = 12;

export type ReferralCodeState = 'unknown' | 'checking' | 'valid' | 'invalid';

/** Uppercased, without spaces, at most 12 characters. */
export function normalizeReferralCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase().slice(0, referralCodeLength);
}

/** The server is asked only at 12 characters; before that the state is unknown. */
export function shouldValidate(code: string): boolean {
  return code.length === referralCodeLength;
}

export function referralCodeState(
  code: string,
  validation: { isPending: boolean; valid: boolean | undefined; failed: boolean },
): ReferralCodeState {
  if (!shouldValidate(code)) return 'unknown';
  if (validation.failed) return 'invalid';
  if (validation.isPending || validation.valid === undefined) return 'checking';
  return validation.valid ? 'valid' : 'invalid';
}

export function signInButtonLabel(state: ReferralCodeState): string {
  return state === 'valid' ? 'SIGN IN & CLAIM BONUS' : 'SIGN IN WITH GOOGLE';
}

export function referralCodeMessage(state: ReferralCodeState): string | null {
  switch (state) {
    case 'valid':
      return "✓ VALID CODE! You'll get a bonus entry!";
    case 'invalid':
      return '✗ INVALID CODE';
    case 'checking':
      return 'Checking code…';
    case 'unknown':
      return null;
  }
}
