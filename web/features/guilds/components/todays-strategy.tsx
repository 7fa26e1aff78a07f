// TODAY'S STRATEGY: the player's own pick and the guild mates' picks of today, so nobody duplicates a number.
import { Link } from 'react-router';
import type { GuildSubmissionsResponse } from '../../../../server/routes/guilds.schemas.ts';
import { formatTime } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { useGuildSubmissions } from '../api/get-guild-submissions.ts';

type Submission = GuildSubmissionsResponse['submissions'][number];

export function TodaysStrategy({ guildId, userId }: { guildId: string; userId: string }) {
  const submissions = useGuildSubmissions(guildId);
  const all: Submission[] = submissions.data?.submissions ?? [];
  const mine = all.filter((submission) => submission.userId === userId);
  const others = all.filter((submission) => submission.userId !== userId);

  return (
    <section className="card" aria-labelledby="todays-strategy-title">
      <h3 id="todays-strategy-title" className="card-title">
        TODAY'S STRATEGY
      </h3>
      {submissions.isLoading ? (
        <p role="status">Loading today's picks...</p>
      ) : submissions.isError ? (
        <p className="error-text">Failed to load guild details</p>
      ) : (
        <>
          {mine.length > 0 ? (
            <div>
              <p>YOUR PICK:</p>
              {mine.map((submission) => (
                <p key={`${submission.number}`}>
                  <span className="guild-pick">#{submission.number}</span>{' '}
                  <span className="muted">at {formatTime(submission.submittedAt)}</span>
                </p>
              ))}
            </div>
          ) : (
            <div className="notice">
              <p>YOU HAVEN'T SUBMITTED YET</p>
              <Link className="btn btn-primary btn-small" to={paths.home}>
                SUBMIT NOW
              </Link>
            </div>
          )}
          <h4>MEMBERS' PICKS</h4>
          {others.length > 0 ? (
            <ul className="guild-list">
              {others.map((submission) => (
                <li key={`${submission.userId}:${submission.number}`}>
                  <span className="guild-pick">#{submission.number}</span>
                  <span>{submission.playerName}</span>
                  <span className="muted">{formatTime(submission.submittedAt)}</span>
                </li>
              ))}
            </ul>
          ) : mine.length > 0 ? (
            <p className="muted">You're the first in your guild to submit today! Your mates will see your pick.</p>
          ) : (
            <p className="muted">No members have submitted yet today.</p>
          )}
        </>
      )}
    </section>
  );
}
