// CREATE: name, optional description with a counter, password; checked by core's own guild rules before sending.
import { useState, type FormEvent } from 'react';
import { GUILD_FIELD_HINTS, GUILD_FIELD_LIMITS, newGuildProblem } from '../../../../core/guilds/guild-fields.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useCreateGuild } from '../api/create-guild.ts';

export function CreateGuildForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateGuild();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedDescription = description.trim();
    const found = newGuildProblem({ name: name.trim(), description: trimmedDescription, password });
    setError(found);
    if (found !== null) return;
    // mutateAsync rather than mutate's callbacks: the reload after success swaps this form out, and callbacks
    // passed to mutate do not run for an unmounted component, which lost the success toast.
    create
      .mutateAsync({
        name: name.trim(),
        password,
        ...(trimmedDescription !== '' ? { description: trimmedDescription } : {}),
      })
      .then(
        (answer) => {
          toast({ title: 'Guild Created', description: answer.message });
          onDone();
        },
        (failure: unknown) =>
          toast({ title: 'Error', description: messageOf(failure, 'Failed to create guild'), variant: 'destructive' }),
      );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="create-guild-title">
      <h2 id="create-guild-title" className="card-title">
        CREATE A GUILD
      </h2>
      <FormField
        id="guild-name"
        label="GUILD NAME"
        hint={GUILD_FIELD_HINTS.name}
        value={name}
        maxLength={GUILD_FIELD_LIMITS.nameMax}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="field">
        <label htmlFor="guild-description">DESCRIPTION (OPTIONAL)</label>
        <textarea
          id="guild-description"
          className="input"
          rows={3}
          value={description}
          maxLength={GUILD_FIELD_LIMITS.descriptionMax}
          onChange={(event) => setDescription(event.target.value)}
          aria-describedby="guild-description-counter"
        />
        <p id="guild-description-counter" className="muted">
          {`${[...description].length}/${GUILD_FIELD_LIMITS.descriptionMax}`}
        </p>
      </div>
      <FormField
        id="guild-password"
        label="GUILD PASSWORD"
        hint={`${GUILD_FIELD_HINTS.password} Share it with the players you want in your guild.`}
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={GUILD_FIELD_LIMITS.passwordMax}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error !== null && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {create.isPending ? 'CREATING...' : 'CREATE GUILD'}
      </button>
    </form>
  );
}
