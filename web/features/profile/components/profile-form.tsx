// The edit form: display name and e-mail editable, the username locked to the e-mail (spec-2 §2, §5).
import { useState, type FormEvent } from 'react';
import {
  DISPLAY_NAME_MAX,
  profileFormProblems,
  type ProfileFormProblems,
} from '../../../../core/accounts/profile-fields.ts';
import type { MeResponse } from '../../../../server/routes/me.schemas.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export function ProfileForm({ user }: { user: MeResponse }) {
  const [displayName, setDisplayName] = useState(user.displayName);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<ProfileFormProblems>({});
  const update = useUpdateProfile();
  const { toast } = useToast();
  // The username is the account's e-mail and cannot be changed here.
  const username = user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { username, email: email.trim(), displayName: displayName.trim() };
    const found = profileFormProblems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(values, {
      onSuccess: () => toast({ title: 'Profile Updated!' }),
      onError: (error) =>
        toast({
          title: 'Update Failed',
          description: messageOf(error, 'Failed to update profile'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title" className="card-title">
        Edit Profile
      </h2>
      <FormField
        id="profile-display-name"
        label="DISPLAY NAME"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        error={errors.displayName}
        maxLength={DISPLAY_NAME_MAX}
        autoComplete="nickname"
      />
      <FormField
        id="profile-username"
        label="USERNAME (LOCKED)"
        value={username}
        error={errors.username}
        disabled
        readOnly
      />
      <FormField
        id="profile-email"
        label="EMAIL"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        autoComplete="email"
      />
      <button type="submit" className="btn btn-primary" disabled={update.isPending}>
        {update.isPending ? 'UPDATING...' : 'UPDATE PROFILE'}
      </button>
    </form>
  );
}
