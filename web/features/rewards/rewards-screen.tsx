// /rewards: totals and the reward inventory, one card per reward (signed-in players only).
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RequireUser } from '../../components/require-user.tsx';
import { useMyRewards } from '../../api/get-my-rewards.ts';

export function RewardsScreen() {
  usePageTitle('Rewards');
  return (
    <RequireUser
      loading={<RewardsPage>{loadingRewards}</RewardsPage>}
      signedOut={<Navigate to={paths.signup} replace />}
    >
      {() => (
        <RewardsPage>
          <RewardInventory />
        </RewardsPage>
      )}
    </RequireUser>
  );
}

const loadingRewards = <p aria-busy="true">Loading rewards…</p>;

function RewardsPage({ children }: { children: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page-title">REWARDS</h1>
      {children}
      <p className="row">
        <Link className="btn btn-primary" to={paths.home}>
          PLAY GAME
        </Link>
        <Link className="btn" to={paths.leaderboard}>
          RANKINGS
        </Link>
        <Link className="btn" to={paths.referrals}>
          INVITE FRIENDS
        </Link>
      </p>
    </section>
  );
}

function RewardInventory() {
  const rewards = useMyRewards(true);
  if (rewards.isLoading) return loadingRewards;
  if (rewards.data === undefined)
    return (
      <div className="stack">
        <div className="alert" role="alert">
          Failed to load rewards
        </div>
        <button type="button" className="btn" onClick={() => void rewards.refetch()}>
          RETRY
        </button>
      </div>
    );
  return (
    <>
      <div className="grid">
        <div className="card">
          <h2 className="card-title">Total Earned</h2>
          <p className="big-number">{rewards.data.totalRewardsEarned}</p>
        </div>
        <div className="card">
          <h2 className="card-title">Total Used</h2>
          <p className="big-number">{rewards.data.totalRewardsUsed}</p>
        </div>
      </div>
      <section className="card" aria-labelledby="inventory-title">
        <h2 id="inventory-title" className="card-title">
          REWARD INVENTORY
        </h2>
        <p className="muted">All rewards expire after 7 days</p>
        <ul className="reward-cards" aria-label="Reward inventory">
          {rewards.data.rewardSummary.map((item) => {
            const name = item.config.name !== '' ? item.config.name : item.rewardType;
            return (
              <li key={item.rewardType}>
                <article className="card" aria-label={name}>
                  <h3 className="card-title">{name}</h3>
                  <p>{item.config.description !== '' ? item.config.description : 'No description available'}</p>
                  <dl className="reward-counts">
                    <div>
                      <dt>Available</dt>
                      <dd>{item.available}</dd>
                    </div>
                    <div>
                      <dt>Used</dt>
                      <dd>{item.totalUsed}</dd>
                    </div>
                    <div>
                      <dt>Expired</dt>
                      <dd>{item.expired}</dd>
                    </div>
                  </dl>
                  <p>
                    <strong>How to Earn:</strong> {item.config.howToEarn !== '' ? item.config.howToEarn : 'Unknown'}
                  </p>
                </article>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
