// The player's own guild: header, today's picks of the members, the members list, DELETE GUILD for the admin.
import { useState } from 'react';
import type { GuildDto, MyGuildResponse } from '../../../../server/routes/guilds.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useDeleteGuild } from '../api/delete-guild.ts';
import { useGuildDetail } from '../api/get-guild-detail.ts';
import { GuildMembers } from './guild-members.tsx';
import { TodaysStrategy } from './todays-strategy.tsx';

interface GuildDetailProps {
  guild: GuildDto;
  membership: NonNullable<MyGuildResponse['membership']>;
  userId: string;
  onGone: () => void;
}

export function GuildDetail({ guild: summary, membership, userId, onGone }: GuildDetailProps) {
  const detail = useGuildDetail(summary.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeleteGuild();
  const { toast } = useToast();
  const guild = detail.data?.guild ?? summary;

  const confirmDelete = () => {
    // mutateAsync: once the guild is gone this detail unmounts, before mutate's own callbacks would run.
    remove
      .mutateAsync(guild.id)
      .then(
        (answer) => {
          toast({ title: 'Guild Deleted', description: answer.message });
          onGone();
        },
        (error: unknown) =>
          toast({ title: 'Error', description: messageOf(error, 'Failed to delete guild'), variant: 'destructive' }),
      )
      .finally(() => setConfirmingDelete(false));
  };

  return (
    <div className="stack">
      <section className="card card-accent" aria-labelledby="guild-detail-title">
        <h2 id="guild-detail-title" className="card-title">
          {guild.name}
        </h2>
        {guild.description !== '' && <p>{guild.description}</p>}
        <p className="muted">Created {formatDate(guild.createdAt)}</p>
        <dl className="guild-stats">
          <div>
            <dt>Your role</dt>
            <dd>{membership.isAdmin ? 'ADMIN' : 'MEMBER'}</dd>
          </div>
          <div>
            <dt>Members</dt>
            <dd>
              {guild.memberCount}/{guild.maxMembers}
            </dd>
          </div>
          <div>
            <dt>Guild wins</dt>
            <dd>{guild.totalWins}</dd>
          </div>
          <div>
            <dt>Total entries</dt>
            <dd>{guild.totalEntries}</dd>
          </div>
        </dl>
        {membership.isAdmin && (
          <button type="button" className="btn btn-danger" onClick={() => setConfirmingDelete(true)}>
            DELETE GUILD
          </button>
        )}
      </section>
      <TodaysStrategy guildId={guild.id} userId={userId} />
      {detail.isLoading ? (
        <p role="status">Loading members...</p>
      ) : detail.data === undefined ? (
        <p className="alert" role="alert">
          {messageOf(detail.error, 'Failed to load guild details')}
        </p>
      ) : (
        <GuildMembers
          guildId={guild.id}
          members={detail.data.members}
          userId={userId}
          viewerIsAdmin={membership.isAdmin}
        />
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirmingDelete(open);
        }}
        title="DELETE GUILD?"
        description={`Delete ${guild.name} and remove all of its members? This cannot be undone.`}
        confirmLabel="DELETE GUILD"
        pendingLabel="DELETING..."
        pending={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </div>
  );
}
