// /rewards: totals and the reward inventory, one card per reward (signed-in players only).
import { Link, Navigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useMe } from '../../api/me.ts';
import { useMyRewards } from '../../api/get-my-rewards.ts';

export function RewardsScreen() {
  usePageTitle('Rewards');
  const { user, isLoading: meLoading } = useMe();
  const rewards = useMyRewards(user !== null);

  if (!meLoading && user === null) return <Navigate to={paths.signup} replace />;

  return (
    <section className="page">
      <h1 className="page-title">REWARDS</h1>
      {meLoading || rewards.isLoading ? (
        <p aria-busy="true">Loading rewards…</p>
      ) : rewards.data === undefined ? (
        <div className="stack">
          <div className="alert" role="alert">
            Failed to load rewards
          </div>
          <button type="button" className="btn" onClick={() => void rewards.refetch()}>
            RETRY
          </button>
        </div>
      ) : (
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
      )}
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
