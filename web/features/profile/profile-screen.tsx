// /profile: sign-in prompt, loading, or the player's profile with stats, edit form, logout and account deletion.
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import { RequireUser, SignInPrompt } from '../../components/require-user.tsx';
import { paths } from '../../lib/paths.ts';
import { DangerZone } from './components/danger-zone.tsx';
import { EmailSettings } from './components/email-settings.tsx';
import { EmailStatus } from './components/email-status.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { UserStats } from './components/user-stats.tsx';
import { initials } from './initials.ts';
import './profile.css';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function ProfileScreen() {
  usePageTitle('Profile');
  return (
    <RequireUser
      loading={
        <div className="page">
          <p className="page-title" role="status">
            LOADING PROFILE...
          </p>
        </div>
      }
      signedOut={<SignInPrompt title="SIGN IN REQUIRED" message="You need to sign in to view your profile!" />}
    >
      {(user) => <Profile user={user} />}
    </RequireUser>
  );
}

function Profile({ user }: { user: MeResponse }) {
  return (
    <div className="page stack">
      <h1 className="page-title">YOUR PROFILE</h1>
      <section className="card row" aria-label="Account">
        <div className="profile-avatar" aria-hidden="true">
          {initials(user.displayName, user.email)}
        </div>
        <div>
          <p className="card-title">{user.displayName.trim() === '' ? 'Anonymous User' : user.displayName}</p>
          <p className="muted">{user.email}</p>
        </div>
      </section>
      <UserStats />
      {/* Keyed by the user so a refetched me (after an update) restarts the form from the saved values. */}
      <ProfileForm key={`${user.id}:${user.displayName}:${user.email}`} user={user} />
      <EmailStatus />
      <EmailSettings user={user} />
      <div className="row">
        <form method="post" action={paths.logout}>
          <button type="submit" className="btn">
            LOGOUT
          </button>
        </form>
        {/* The server names the file (Content-Disposition): lowest-unique-<game date>.json. */}
        <a className="btn" href={paths.dataExport} download>
          DOWNLOAD MY DATA
        </a>
      </div>
      <DangerZone />
    </div>
  );
}
