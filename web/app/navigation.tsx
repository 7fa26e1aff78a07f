// The navigation bar: everyone's links, then sign-up (signed out) or the player's links, then admin (spec-1 §2).
// Below 640 px the links fold behind a MENU button (styles.css), so a phone sees the screen, not four rows of links.
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { paths } from '../lib/paths.ts';

interface NavItem {
  to: string;
  label: string;
}

/** The links for a user; while `/api/me` is still loading (undefined) only everyone's links, so no SIGN UP flashes. */
export function navItemsFor(user: MeResponse | null | undefined): NavItem[] {
  const items: NavItem[] = [
    { to: paths.home, label: 'PLAY GAME' },
    { to: paths.stats, label: 'STATISTICS' },
    { to: paths.leaderboard, label: 'RANKINGS' },
    { to: paths.rules, label: 'RULES' },
    { to: paths.about, label: 'ABOUT' },
  ];
  if (user === undefined) return items;
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

export function Navigation({ user }: { user: MeResponse | null | undefined }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  // Following a link closes the menu: the next screen is what the player asked for.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav className={open ? 'nav nav-open' : 'nav'} aria-label="Main">
      <button
        type="button"
        className="btn nav-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'CLOSE MENU' : 'MENU'}
      </button>
      <ul id={listId}>
        {navItemsFor(user).map((item) => (
          <li key={item.to}>
            {item.to === paths.home ? (
              // PLAY GAME is the current page on / and on /submit.
              <Link
                to={item.to}
                aria-current={pathname === paths.home || pathname === paths.submit ? 'page' : undefined}
              >
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
