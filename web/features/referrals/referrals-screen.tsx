// /referrals: the player's code, COPY LINK, the counters (with the referrals that earned no bonus), how it works, and
// the bonus banner.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { signupWithRef, paths } from '../../lib/paths.ts';
import { useMe } from '../../api/me.ts';
import { useReferralBonuses } from './api/get-referral-bonuses.ts';
import { useReferralCode } from './api/get-referral-code.ts';
import { useReferralStats } from './api/get-referral-stats.ts';
import { copyText } from '../../lib/copy-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function bonusBannerText(available: number): string {
  return `YOU HAVE ${available} BONUS ${available === 1 ? 'ENTRY' : 'ENTRIES'}! Use them on today's game before it closes!`;
}

/** Why some referrals granted nothing (DESIGN.md §18): the referrer learns the rule, not which signal linked them. */
export const NOT_ELIGIBLE_LINE = 'Referrals between linked accounts earn no bonus.';

export function ReferralsScreen() {
  usePageTitle('Invite friends');
  const { user, isLoading: meLoading } = useMe();
  const signedIn = user !== null;
  const code = useReferralCode(signedIn);
  const stats = useReferralStats(signedIn);
  const bonuses = useReferralBonuses(signedIn);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (meLoading) return <Page>Loading…</Page>;
  if (!signedIn) {
    return (
      <Page>
        <div className="card">
          <h2 className="card-title">SIGN IN REQUIRED</h2>
          <p>Sign in to get your referral code and invite friends.</p>
          <Link className="btn btn-primary" to={paths.signup}>
            SIGN UP
          </Link>
        </div>
      </Page>
    );
  }
  if (code.isLoading || stats.isLoading || bonuses.isLoading) return <Page>Loading your referral data…</Page>;
  if (code.data === undefined) {
    return (
      <Page>
        <div className="alert" role="alert">
          Failed to load your referral code
        </div>
      </Page>
    );
  }

  const referralCode = code.data.referralCode;
  const link = `${window.location.origin}${signupWithRef(referralCode)}`;
  const available = bonuses.data?.availableBonuses ?? 0;
  const notEligible = stats.data?.notEligibleReferrals ?? 0;
  const copy = async () => {
    if (await copyText(link)) setCopied(true);
  };

  return (
    <Page>
      {available > 0 && (
        <div className="notice row">
          <span>{bonusBannerText(available)}</span>
          <Link className="btn btn-small" to={paths.home}>
            PLAY NOW
          </Link>
        </div>
      )}
      <section className="card card-accent" aria-labelledby="code-title">
        <h2 id="code-title" className="card-title">
          YOUR REFERRAL CODE
        </h2>
        <p className="big-number">{referralCode}</p>
        <p className="muted" style={{ wordBreak: 'break-all' }}>
          {link}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {copied ? 'COPIED!' : 'COPY LINK'}
        </button>
        <p className="sr-only" role="status">
          {copied ? 'Link copied to the clipboard' : ''}
        </p>
      </section>
      <div className="grid">
        <Counter label="TOTAL INVITES" value={stats.data?.totalReferrals ?? 0} />
        <Counter label="FRIENDS JOINED" value={stats.data?.completedReferrals ?? 0} />
        <Counter label="BONUS ENTRIES" value={available} />
        {notEligible > 0 && (
          <Counter label="NOT ELIGIBLE" value={notEligible}>
            <p>{NOT_ELIGIBLE_LINE}</p>
          </Counter>
        )}
      </div>
      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title" className="card-title">
          HOW IT WORKS
        </h2>
        <ol className="steps">
          <li>Copy your link and share it with friends.</li>
          <li>Your friend signs up with your code and gets a bonus entry.</li>
          <li>When your friend submits their first number, you get a bonus entry too.</li>
          <li>Use a bonus entry to submit 2 numbers instead of 1 in a game (bonus entries expire after 7 days).</li>
        </ol>
      </section>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page-title">INVITE FRIENDS</h1>
      {children}
    </section>
  );
}

function Counter({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <div className="card">
      <h3>{label}</h3>
      <p className="big-number">{value}</p>
      {children}
    </div>
  );
}
