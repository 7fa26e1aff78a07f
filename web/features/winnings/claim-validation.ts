/** Client validation of the payout claim form (spec-2 §5, Cash payout claim). */

export interface ClaimFormValues {
  paypalEmail: string;
  preferredName: string;
}

/** The error message to show, or null when the claim may be sent. Vouchers need no input. */
export function validateClaim(prizeType: 'cash' | 'voucher', values: ClaimFormValues): string | null {
  if (prizeType === 'voucher') return null;
  const paypalEmail = values.paypalEmail.trim();
  const preferredName = values.preferredName.trim();
  if (paypalEmail === '' || preferredName === '') return 'PayPal email and preferred name are required for cash prizes';
  if (!paypalEmail.includes('@')) return 'Please enter a valid PayPal email address';
  return null;
}
