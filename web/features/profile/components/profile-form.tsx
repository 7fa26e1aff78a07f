// The edit form: display name and e-mail editable, the username locked to the e-mail (spec-2 §2, §5).
import { useState, type FormEvent } from 'react';
import type { MeResponse } from '../../../../server/contract.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { displayNameMaxLength, hasErrors, validateProfile, type ProfileFormErrors } from '../profile-validation.ts';

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
        maxLength={displayNameMaxLength}
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
