// The navigation bar: everyone's links, then sign-up (signed out) or the player's links, then admin (spec-1 §2).
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { MeResponse } from '../../server/contract.ts';
import { paths } from '../lib/paths.ts';

interface NavItem {
  to: string;
  label: string;
}

export function navItemsFor(user: MeResponse | null): NavItem[] {
  const items: NavItem[] = [
    { to: paths.home, label: 'PLAY GAME' },
    { to: paths.stats, label: 'STATISTICS' },
    { to: paths.leaderboard, label: 'RANKINGS' },
    { to: paths.rules, label: 'RULES' },
    { to: paths.about, label: 'ABOUT' },
  ];
  if (user === null) return [...items, { to: paths.signup, label: 'SIGN UP' }];
  items.push(
    { to: paths.winnings, label: 'MY WINNINGS' },
    { to: paths.rewards, label: 'REWARDS' },
    { to: paths.guilds, label: 'GUILDS' },
    { to: paths.profile, label: 'PROFILE' },
    { to: paths.referrals, label: 'INVITE FRIENDS' },
  );
  if (user.role === 'admin') items.push({ to: paths.admin, label: 'ADMIN' });
  return items;
}

export function Navigation({ user }: { user: MeResponse | null }) {
  const { pathname } = useLocation();
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {navItemsFor(user).map((item) => (
          <li key={item.to}>
            {item.to === paths.home ? (
              // PLAY GAME is the current page on / and on /submit.
              <Link to={item.to} aria-current={pathname === paths.home || pathname === paths.submit ? 'page' : undefined}>
                {item.label}
              </Link>
            ) : (
              <NavLink to={item.to}>{item.label}</NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
