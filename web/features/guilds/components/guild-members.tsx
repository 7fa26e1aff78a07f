// The members list; the guild admin can remove the others, after the spec's confirmation.
import { useState } from 'react';
import type { GuildMemberDto } from '../../../../server/routes/guilds.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useRemoveMember } from '../api/remove-member.ts';

interface GuildMembersProps {
  guildId: string;
  members: GuildMemberDto[];
  userId: string;
  viewerIsAdmin: boolean;
}

export function GuildMembers({ guildId, members, userId, viewerIsAdmin }: GuildMembersProps) {
  const [removing, setRemoving] = useState<GuildMemberDto | null>(null);
  const remove = useRemoveMember();
  const { toast } = useToast();

  const confirmRemove = () => {
    if (removing === null) return;
    remove.mutate(
      { guildId, userId: removing.userId },
      {
        onSuccess: (answer) => toast({ title: 'Member Removed', description: answer.message }),
        onError: (error) =>
          toast({ title: 'Error', description: messageOf(error, 'Failed to remove member'), variant: 'destructive' }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="guild-members-title">
      <h3 id="guild-members-title" className="card-title">
        MEMBERS ({members.length})
      </h3>
      <ul className="guild-list">
        {members.map((member) => (
          <li key={member.userId}>
            <div>
              <strong>{member.playerName}</strong> {member.isAdmin && <span className="badge badge-accent">ADMIN</span>}{' '}
              {member.userId === userId && <span className="badge">YOU</span>}
              <p className="muted">
                Joined {formatDate(member.joinedAt)} · Wins: {member.wins} · Entries: {member.entries} · Streak:{' '}
                {member.currentStreak}
              </p>
            </div>
            {viewerIsAdmin && member.userId !== userId && (
              <button
                type="button"
                className="btn btn-danger btn-small"
                aria-label={`REMOVE ${member.playerName}`}
                onClick={() => setRemoving(member)}
              >
                REMOVE
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
        title="REMOVE MEMBER?"
        description={`Remove ${removing?.playerName ?? ''} from the guild?`}
        confirmLabel="REMOVE"
        pendingLabel="REMOVING..."
        pending={remove.isPending}
        destructive
        onConfirm={confirmRemove}
      />
    </section>
  );
}
