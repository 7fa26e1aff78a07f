// LEAVE GUILD: what leaving means, disabled for an admin who still has members, confirmed before it happens.
import { useState } from 'react';
import type { GuildDto, MyGuildResponse } from '../../../../server/routes/guilds.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useLeaveGuild } from '../api/leave-guild.ts';

interface LeaveGuildViewProps {
  guild: GuildDto;
  membership: NonNullable<MyGuildResponse['membership']>;
  onDone: () => void;
}

export function LeaveGuildView({ guild, membership, onDone }: LeaveGuildViewProps) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveGuild();
  const { toast } = useToast();
  const allowed = membership.canLeave;

  const confirm = () => {
    leave.mutate(guild.id, {
      onSuccess: (answer) => {
        toast({ title: 'Left Guild', description: answer.message });
        onDone();
      },
      onError: (error) =>
        toast({ title: 'Error', description: messageOf(error, 'Failed to leave guild'), variant: 'destructive' }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <section className="card stack" aria-labelledby="leave-guild-title">
      <h2 id="leave-guild-title" className="card-title">
        LEAVE {guild.name}
      </h2>
      <p>
        {guild.name} · Members: {guild.memberCount}/{guild.maxMembers} · Wins: {guild.totalWins}
      </p>
      <p>
        Your role: <strong>{membership.isAdmin ? 'ADMIN' : 'MEMBER'}</strong> · Joined {formatDate(membership.joinedAt)}
      </p>
      {membership.isAdmin && (
        <p className="notice">
          {allowed
            ? 'You are the admin and the only member: leaving deletes the guild.'
            : 'You are the guild admin. You cannot leave while other members are in the guild: remove them or delete the guild first.'}
        </p>
      )}
      <p>If you leave:</p>
      <ul>
        <li>You no longer see your guild mates' picks.</li>
        <li>Your future wins and entries no longer count for {guild.name}.</li>
        <li>You need the password to join again, if a spot is free.</li>
      </ul>
      <button type="button" className="btn btn-danger" disabled={!allowed} onClick={() => setConfirming(true)}>
        LEAVE GUILD
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!leave.isPending) setConfirming(open);
        }}
        title="LEAVE GUILD?"
        description={`Leave ${guild.name}? This cannot be undone.`}
        confirmLabel="LEAVE GUILD"
        pendingLabel="LEAVING..."
        pending={leave.isPending}
        destructive
        onConfirm={confirm}
      />
    </section>
  );
}
