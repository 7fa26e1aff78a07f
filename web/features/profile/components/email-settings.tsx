// 'Email Notifications': the switch for mails that are not about money and the daily reminder (off unless turned
// on); mails about prizes always go (DESIGN.md §15).
import type { MeResponse } from '../../../../server/routes/me.schemas.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateMailSwitches, type MailSwitches } from '../api/update-mail-switches.ts';

const TOASTS: Record<keyof MailSwitches, [on: string, off: string]> = {
  emailNotifications: ['Reminders On', 'Reminders Off'],
  dailyReminder: ['Daily Reminder On', 'Daily Reminder Off'],
};

export function EmailSettings({ user }: { user: MeResponse }) {
  const profile = useProfile();
  const update = useUpdateMailSwitches(user);
  const { toast } = useToast();
  // While saving, the box shows what was asked for.
  const shown = { ...profile.data, ...(update.isPending ? update.variables : {}) };

  const change = (name: keyof MailSwitches, on: boolean) =>
    update.mutate(
      { [name]: on },
      {
        onSuccess: () => toast({ title: TOASTS[name][on ? 0 : 1] }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: messageOf(error, 'Failed to save your e-mail settings'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className="card stack" aria-labelledby="email-settings-title">
      <h2 id="email-settings-title" className="card-title">
        Email Notifications
      </h2>
      {profile.data === undefined ? (
        <p className="muted">{profile.isLoading ? 'Loading settings...' : 'Settings not available.'}</p>
      ) : (
        <>
          <label className="row">
            <input
              type="checkbox"
              checked={shown.emailNotifications ?? false}
              disabled={update.isPending}
              onChange={(event) => change('emailNotifications', event.target.checked)}
            />
            <span>Send me reminders (like an unclaimed prize after 3 days)</span>
          </label>
          <label className="row">
            <input
              type="checkbox"
              checked={shown.dailyReminder ?? false}
              disabled={update.isPending}
              onChange={(event) => change('dailyReminder', event.target.checked)}
            />
            <span>Daily reminder: e-mail me before the deadline on days I have not played</span>
          </label>
        </>
      )}
      <p className="muted">Mails about your prize and its payment always go.</p>
    </section>
  );
}
