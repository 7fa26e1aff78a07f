// The prize claim: asks for PayPal details for cash, nothing for a voucher, then shows the success state (spec-2 §2,
// Claim form). Amount and type come from the winning itself, the prize it was won with: today's weekday setting never
// blocks a recorded win, so the form does not load the date's prize.
import { useState, type FormEvent } from 'react';
import type { WinningDto } from '../../../../server/routes/winnings.schemas.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSubmitWinnerPayout } from '../api/submit-winner-payout.ts';
import { validateClaim } from '../claim-validation.ts';
import { WhatHappensNext } from './what-happens-next.tsx';

export function ClaimForm({ winning }: { winning: WinningDto }) {
  const submit = useSubmitWinnerPayout();
  const { toast } = useToast();
  const [paypalEmail, setPaypalEmail] = useState('');
  const [preferredName, setPreferredName] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const amount = formatMoney(winning.amountCents, winning.currency);

  if (submit.isSuccess) {
    return (
      <section className="card card-accent" aria-labelledby="payout-submitted-title">
        <h2 id="payout-submitted-title" className="card-title">
          PAYOUT SUBMITTED!
        </h2>
        <p>
          We'll process your {amount} {winning.prizeType} within the week!
        </p>
        <WhatHappensNext />
      </section>
    );
  }

  const isCash = winning.prizeType === 'cash';
  const send = (event: FormEvent) => {
    event.preventDefault();
    const error = validateClaim(winning.prizeType, { paypalEmail, preferredName });
    setValidationError(error);
    if (error !== null) return;
    submit.mutate(
      isCash
        ? { gameId: winning.gameId, paypalEmail: paypalEmail.trim(), preferredName: preferredName.trim() }
        : { gameId: winning.gameId },
      {
        onError: (failure) =>
          toast({
            title: 'Error',
            description: messageOf(failure, 'Failed to submit payout information'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form className="card stack" onSubmit={send} noValidate aria-labelledby="claim-form-title">
      <h2 id="claim-form-title" className="card-title">
        {amount} {isCash ? 'CASH PRIZE' : 'VOUCHER PRIZE'}
      </h2>
      {isCash ? (
        <>
          <p>Your cash prize is paid by PayPal. Tell us where to send it.</p>
          <FormField
            id="claim-paypal-email"
            label="PAYPAL EMAIL"
            type="email"
            autoComplete="email"
            value={paypalEmail}
            onChange={(event) => setPaypalEmail(event.target.value)}
          />
          <FormField
            id="claim-preferred-name"
            label="NAME FOR THE PAYPAL PAYMENT"
            autoComplete="name"
            value={preferredName}
            onChange={(event) => setPreferredName(event.target.value)}
          />
        </>
      ) : (
        <p>A gift card voucher will be e-mailed to your account e-mail address. No details are needed.</p>
      )}
      {validationError !== null && (
        <p className="error-text" role="alert">
          {validationError}
        </p>
      )}
      <WhatHappensNext />
      <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
        {submit.isPending ? 'SUBMITTING...' : 'SUBMIT CLAIM'}
      </button>
    </form>
  );
}
