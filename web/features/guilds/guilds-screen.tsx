// /guilds: the player's guild (or the way into one), every guild, and the create / join / leave views.
import { useState } from 'react';
import { GUILD_MAX_MEMBERS } from '../../../core/guilds/guild-fields.ts';
import { TabList, tabElementId } from '../../components/ui/tab-list.tsx';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import { RequireUser, SignInPrompt } from '../../components/require-user.tsx';
import { useGuilds } from './api/get-guilds.ts';
import { useMyGuild } from './api/get-my-guild.ts';
import { CreateGuildForm } from './components/create-guild-form.tsx';
import { GuildCard } from './components/guild-card.tsx';
import { GuildDetail } from './components/guild-detail.tsx';
import { JoinGuildForm } from './components/join-guild-form.tsx';
import { LeaveGuildView } from './components/leave-guild-view.tsx';
import './guilds.css';
import { usePageTitle } from '../../lib/use-page-title.ts';

type GuildTab = 'overview' | 'create' | 'join' | 'leave';

export function GuildsScreen() {
  usePageTitle('Guilds');
  return (
    <RequireUser signedOut={<SignInPrompt title="GUILDS" message="Please log in to access guilds" />}>
      {(user) => <PlayerGuilds user={user} />}
    </RequireUser>
  );
}

function PlayerGuilds({ user }: { user: MeResponse }) {
  const my = useMyGuild();
  const list = useGuilds();
  const [tab, setTab] = useState<GuildTab>('overview');
  const toOverview = () => setTab('overview');

  if (my.isLoading || list.isLoading)
    return (
      <p className="page" role="status">
        LOADING GUILDS...
      </p>
    );

  if (my.data === undefined || list.data === undefined) {
    return (
      <div className="page stack">
        <h1 className="page-title">GUILDS</h1>
        <p className="alert" role="alert">
          Failed to load guild data
        </p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            void my.refetch();
            void list.refetch();
          }}
        >
          TRY AGAIN
        </button>
      </div>
    );
  }

  const ownGuild = my.data.guild;
  const membership = my.data.membership;
  const inGuild = ownGuild !== null && membership !== null;
  const guilds = list.data.guilds;
  // A tab left over from the other membership state (e.g. LEAVE after leaving) falls back to the overview.
  const shownTab: GuildTab =
    (inGuild && (tab === 'create' || tab === 'join')) || (!inGuild && tab === 'leave') ? 'overview' : tab;
  const tabs: { id: GuildTab; label: string }[] = inGuild
    ? [
        { id: 'overview', label: 'OVERVIEW' },
        { id: 'leave', label: 'LEAVE GUILD' },
      ]
    : [
        { id: 'overview', label: 'OVERVIEW' },
        { id: 'create', label: 'CREATE' },
        { id: 'join', label: 'JOIN' },
      ];

  return (
    <div className="page stack">
      <h1 className="page-title">GUILDS</h1>
      <div className="tabs row">
        <TabList
          tabs={tabs}
          selected={shownTab}
          onSelect={setTab}
          label="Guild views"
          idPrefix="guild-tab"
          panelId="guild-panel"
          className="row"
        />
        {inGuild && <span className="badge badge-accent guild-tabs-label">MEMBER OF {ownGuild.name}</span>}
      </div>

      <div id="guild-panel" role="tabpanel" aria-labelledby={tabElementId('guild-tab', shownTab)} className="stack">
        {shownTab === 'overview' && (
          <>
            {inGuild ? (
              <GuildDetail guild={ownGuild} membership={membership} userId={user.id} onGone={toOverview} />
            ) : (
              <section className="card" aria-labelledby="no-guild-title">
                <h2 id="no-guild-title" className="card-title">
                  NO GUILD
                </h2>
                <p>Team up with up to 9 other players and see each other's picks for the day.</p>
                <div className="row">
                  <button type="button" className="btn btn-primary" onClick={() => setTab('create')}>
                    CREATE A GUILD
                  </button>
                  <button type="button" className="btn" onClick={() => setTab('join')}>
                    JOIN A GUILD
                  </button>
                </div>
              </section>
            )}
            <section className="stack" aria-labelledby="all-guilds-title">
              <h2 id="all-guilds-title" className="card-title">
                ALL GUILDS ({guilds.length})
              </h2>
              {guilds.length === 0 ? (
                <p className="muted">No guilds exist yet. Be the first to create one!</p>
              ) : (
                <div className="grid">
                  {guilds.map((guild) => (
                    <GuildCard
                      key={guild.id}
                      guild={guild}
                      ownRole={inGuild && guild.id === ownGuild.id ? (membership.isAdmin ? 'ADMIN' : 'MEMBER') : null}
                    />
                  ))}
                </div>
              )}
            </section>
          </>
        )}
        {shownTab === 'create' && <CreateGuildForm onDone={toOverview} />}
        {shownTab === 'join' && <JoinGuildForm guilds={guilds} onDone={toOverview} />}
        {shownTab === 'leave' && inGuild && (
          <LeaveGuildView guild={ownGuild} membership={membership} onDone={toOverview} />
        )}
      </div>

      <aside className="card" aria-label="About guilds">
        <ul>
          <li>Guilds have up to {GUILD_MAX_MEMBERS} players.</li>
          <li>Seeing your guild mates' picks helps you avoid duplicate numbers.</li>
          <li>Guild wins show on the leaderboard.</li>
        </ul>
      </aside>
    </div>
  );
}
