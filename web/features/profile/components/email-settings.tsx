// 'Email Notifications': the switch for mails that are not about money; mails about prizes always go (DESIGN.md §15).
import type { MeResponse } from '../../../../server/contract.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateEmailNotifications } from '../api/update-email-notifications.ts';

export function EmailSettings({ user }: { user: MeResponse }) {
  const profile = useProfile();
  const update = useUpdateEmailNotifications(user);
  const { toast } = useToast();
  const checked = update.isPending ? update.variables : profile.data?.emailNotifications;

  const change = (on: boolean) =>
    update.mutate(on, {
      onSuccess: () => toast({ title: on ? 'Reminders On' : 'Reminders Off' }),
      onError: (error) => toast({ title: 'Update Failed', description: messageOf(error, 'Failed to save your e-mail settings'), variant: 'destructive' }),
    });

  return (
    <section className="card stack" aria-labelledby="email-settings-title">
      <h2 id="email-settings-title" className="card-title">
        Email Notifications
      </h2>
      {profile.data === undefined ? (
        <p className="muted">{profile.isLoading ? 'Loading settings...' : 'Settings not available.'}</p>
      ) : (
        <label className="row">
          <input type="checkbox" checked={checked ?? false} disabled={update.isPending} onChange={(event) => change(event.target.checked)} />
          <span>Send me reminders (like an unclaimed prize after 3 days)</span>
        </label>
      )}
      <p className="muted">Mails about your prize and its payment always go.</p>
    </section>
  );
}
