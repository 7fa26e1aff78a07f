// Whether the contact e-mail is confirmed (DESIGN.md §15): until its link is followed, mails go to the address the
// sign-in verified; RESEND LINK mails another link.
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';

export function EmailStatus() {
  const profile = useProfile();
  const resend = useResendConfirmation();
  const { toast } = useToast();
  const data = profile.data;
  if (data === undefined || data.emailVerified) return null;

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Link Sent', description: answer.message }),
      onError: (error) =>
        toast({ title: 'Not Sent', description: messageOf(error, 'Failed to send the link'), variant: 'destructive' }),
    });

  return (
    <section className="card stack" aria-labelledby="email-status-title">
      <h2 id="email-status-title" className="card-title">
        E-mail unconfirmed
      </h2>
      <p role="status">
        {data.email} is unconfirmed — we sent a link to it. Follow the link within 24 hours to confirm it.
        {data.mailAddress === null
          ? ' Until then we send you no mails.'
          : ` Until then your mails go to ${data.mailAddress}.`}
      </p>
      <button type="button" className="btn" onClick={send} disabled={resend.isPending}>
        {resend.isPending ? 'SENDING...' : 'RESEND LINK'}
      </button>
    </section>
  );
}
