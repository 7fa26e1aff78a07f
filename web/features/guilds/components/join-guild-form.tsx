// JOIN: pick a guild that is not full and enter its password.
import { useState, type FormEvent } from 'react';
import { GUILD_FIELD_LIMITS, joinGuildProblem } from '../../../../core/guilds/guild-fields.ts';
import type { GuildDto } from '../../../../server/routes/guilds.schemas.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useJoinGuild } from '../api/join-guild.ts';

export function JoinGuildForm({ guilds, onDone }: { guilds: GuildDto[]; onDone: () => void }) {
  const joinable = guilds.filter((guild) => !guild.isFull);
  const [guildId, setGuildId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinGuild();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = joinGuildProblem(guildId, password);
    setError(found);
    if (found !== null) return;
    // mutateAsync: the reload after joining swaps this form out before mutate's own callbacks would run.
    join.mutateAsync({ guildId, password }).then(
      (answer) => {
        toast({ title: 'Guild Joined', description: answer.message });
        onDone();
      },
      (failure: unknown) =>
        toast({ title: 'Error', description: messageOf(failure, 'Failed to join guild'), variant: 'destructive' }),
    );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="join-guild-title">
      <h2 id="join-guild-title" className="card-title">
        JOIN A GUILD
      </h2>
      <div className="field">
        <label htmlFor="join-guild-select">GUILD</label>
        <select
          id="join-guild-select"
          className="input"
          value={guildId}
          onChange={(event) => setGuildId(event.target.value)}
        >
          <option value="">Select a guild...</option>
          {joinable.map((guild) => (
            <option key={guild.id} value={guild.id}>
              {guild.name} ({guild.memberCount}/{guild.maxMembers})
            </option>
          ))}
        </select>
        {joinable.length === 0 && <p className="muted">No guild has a free spot right now. Create your own!</p>}
      </div>
      <FormField
        id="join-guild-password"
        label="GUILD PASSWORD"
        type="password"
        autoComplete="off"
        value={password}
        maxLength={GUILD_FIELD_LIMITS.passwordMax}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error !== null && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={join.isPending}>
        {join.isPending ? 'JOINING...' : 'JOIN GUILD'}
      </button>
    </form>
  );
}
