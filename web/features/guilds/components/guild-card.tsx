// One guild in the ALL GUILDS grid (spec-2 §2, Guilds).
import type { GuildDto } from '../../../../server/routes/guilds.schemas.ts';
import { formatDate } from '../../../lib/dates.ts';

export function GuildCard({ guild, ownRole }: { guild: GuildDto; ownRole: 'ADMIN' | 'MEMBER' | null }) {
  return (
    <article className={ownRole === null ? 'card' : 'card guild-card-own'} aria-label={guild.name}>
      <div className="row">
        <h3 className="card-title">
          {ownRole !== null && (
            <span role="img" aria-label="Your guild">
              👑{' '}
            </span>
          )}
          {guild.name}
        </h3>
        {guild.isFull && <span className="badge">FULL</span>}
        {ownRole !== null && <span className="badge badge-accent">{ownRole}</span>}
      </div>
      <p className="muted">Admin: {guild.adminName}</p>
      {guild.description !== '' && <p>{guild.description}</p>}
      <p>
        Members: {guild.memberCount}/{guild.maxMembers} · Wins: {guild.totalWins}
      </p>
      <p className="muted">Created {formatDate(guild.createdAt)}</p>
    </article>
  );
}
