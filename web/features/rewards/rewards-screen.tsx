// /rewards: totals and the reward inventory table (signed-in players only).
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../auth/use-me.ts';
import { useMyRewards } from './api/get-my-rewards.ts';

export function RewardsScreen() {
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
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Reward inventory table">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Reward</th>
                    <th scope="col">Description</th>
                    <th scope="col">Available</th>
                    <th scope="col">Used</th>
                    <th scope="col">Expired</th>
                    <th scope="col">How to Earn</th>
                  </tr>
                </thead>
                <tbody>
                  {rewards.data.rewardSummary.map((item) => (
                    <tr key={item.rewardType}>
                      <th scope="row">{item.config.name !== '' ? item.config.name : item.rewardType}</th>
                      <td>{item.config.description !== '' ? item.config.description : 'No description available'}</td>
                      <td>{item.available}</td>
                      <td>{item.totalUsed}</td>
                      <td>{item.expired}</td>
                      <td>{item.config.howToEarn !== '' ? item.config.howToEarn : 'Unknown'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
