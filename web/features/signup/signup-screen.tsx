// /signup: 'JOIN THE GAME', Google sign-in and the optional referral code (prefilled from ?ref=).
import { useEffect, useId, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useMe } from '../../api/me.ts';
import { clearPendingReferralCode, storePendingReferralCode } from '../../api/pending-referral.ts';
import { useValidateReferralCode } from './api/validate-referral-code.ts';
import {
  normalizeReferralCode,
  referralCodeLength,
  referralCodeMessage,
  referralCodeState,
  signInButtonLabel,
} from './referral-code.ts';

/** The bonus is for new players only (the server refuses it otherwise): said before they sign in, not after. */
export const newPlayersOnlyNote =
  'The bonus entry is for new players only: not for an account that has already played or used a referral code.';

export function SignupScreen() {
  usePageTitle('Sign up');
  const { user, isLoading } = useMe();
  const [searchParams] = useSearchParams();
  const [code, setCode] = useState(() => normalizeReferralCode(searchParams.get('ref') ?? ''));
  const validation = useValidateReferralCode(code);
  const state = referralCodeState(code, {
    isPending: validation.isFetching,
    valid: validation.data?.valid,
    failed: validation.isError,
  });
  const inputId = useId();
  const messageId = useId();

  // A valid code waits in localStorage until the user is back from signing in; a code
  // replaced by an invalid one or cleared must not be claimed behind the user's back.
  useEffect(() => {
    if (state === 'valid') storePendingReferralCode(code);
    else if (state === 'invalid' || code === '') clearPendingReferralCode();
  }, [state, code]);

  if (!isLoading && user !== null) return <Navigate to={paths.home} replace />;

  const message = referralCodeMessage(state);
  return (
    <section className="page">
      <h1 className="page-title">JOIN THE GAME</h1>
      <div className="card stack">
        <p>Sign in with Google to pick your number. Got a friend&apos;s referral code? Enter it for a bonus entry.</p>
        <div className="field">
          <label htmlFor={inputId}>REFERRAL CODE (OPTIONAL)</label>
          <input
            id={inputId}
            className="input"
            value={code}
            maxLength={referralCodeLength}
            placeholder="Enter 12-character code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setCode(normalizeReferralCode(event.target.value))}
            aria-describedby={message !== null ? messageId : undefined}
          />
        </div>
        {message !== null && (
          <p id={messageId} className={state === 'invalid' ? 'error-text' : ''} role="status">
            {message}
          </p>
        )}
        {state === 'valid' && <p className="muted">{newPlayersOnlyNote}</p>}
        <a className="btn btn-primary" href={paths.googleSignIn}>
          {signInButtonLabel(state)}
        </a>
      </div>
    </section>
  );
}
