// The edit form: display name and e-mail editable, the username locked to the e-mail (spec-2 §2, §5).
import { useState, type FormEvent } from 'react';
import type { MeResponse } from '../../../../server/contract.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { hasErrors, validateProfile, type ProfileFormErrors } from '../profile-validation.ts';

export function ProfileForm({ user }: { user: MeResponse }) {
  const [displayName, setDisplayName] = useState(user.displayName);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const update = useUpdateProfile();
  const { toast } = useToast();
  // The username is the account's e-mail and cannot be changed here.
  const username = user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { username, email: email.trim(), displayName: displayName.trim() };
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) return;
    update.mutate(values, {
      onSuccess: () => toast({ title: 'Profile Updated!' }),
      onError: (error) => toast({ title: 'Update Failed', description: messageOf(error, 'Failed to update profile'), variant: 'destructive' }),
    });
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title" className="card-title">
        Edit Profile
      </h2>
      <div className="field">
        <label htmlFor="profile-display-name">DISPLAY NAME</label>
        <input
          id="profile-display-name"
          className="input"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          aria-invalid={errors.displayName !== undefined}
          aria-describedby={errors.displayName !== undefined ? 'profile-display-name-error' : undefined}
          autoComplete="nickname"
        />
        {errors.displayName !== undefined && (
          <p id="profile-display-name-error" className="error-text" role="alert">
            {errors.displayName}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="profile-username">USERNAME (LOCKED)</label>
        <input id="profile-username" className="input" value={username} disabled readOnly />
        {errors.username !== undefined && (
          <p className="error-text" role="alert">
            {errors.username}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="profile-email">EMAIL</label>
        <input
          id="profile-email"
          className="input"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email !== undefined}
          aria-describedby={errors.email !== undefined ? 'profile-email-error' : undefined}
          autoComplete="email"
        />
        {errors.email !== undefined && (
          <p id="profile-email-error" className="error-text" role="alert">
            {errors.email}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={update.isPending}>
        {update.isPending ? 'UPDATING...' : 'UPDATE PROFILE'}
      </button>
    </form>
  );
}
