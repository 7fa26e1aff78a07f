// Who the journeys sign in as, and what the seed prepared for them. E-mails are unique per person so the
// files, which share one server and one database, never step on each other's accounts.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_EMAIL = 'admin@e2e.lowest.test';

export interface Person {
  email: string;
  displayName: string;
}

export const people = {
  admin: { email: ADMIN_EMAIL, displayName: 'Ada Admin' },
  /** Seeded: played the 7 past days with a unique number that never won (Peak, How Many and Mine earned). */
  rita: { email: 'rita@e2e.lowest.test', displayName: 'Rita Rewarded' },
  /** Seeded: won the 7 past days with number 2 and claimed yesterday's prize (a payout pending review). */
  sam: { email: 'sam@e2e.lowest.test', displayName: 'Sam Seeded' },
  referrer: { email: 'reggie@e2e.lowest.test', displayName: 'Reggie Referrer' },
  referred: { email: 'fran@e2e.lowest.test', displayName: 'Fran Friend' },
  /** Picks 1 today and wins when the admin force-computes the game. */
  winner: { email: 'wendy@e2e.lowest.test', displayName: 'Wendy Winner' },
  /** Watches the open game's countdown in a tab whose clock the journey moves on. */
  watcher: { email: 'walt@e2e.lowest.test', displayName: 'Walt Watcher' },
  /** Keeps a tab open on the old game and picks from it after the close. */
  stale: { email: 'stella@e2e.lowest.test', displayName: 'Stella Stale' },
  /** 50 characters without a space: no screen may get wider than a phone because of it. */
  longName: { email: 'long@e2e.lowest.test', displayName: 'Bartholomew'.repeat(4) + 'Maximo' },
  guildAdmin: { email: 'gus@e2e.lowest.test', displayName: 'Gus Guildmaster' },
  guildMate: { email: 'mia@e2e.lowest.test', displayName: 'Mia Member' },
  leaver: { email: 'lee@e2e.lowest.test', displayName: 'Lee Leaving' },
} satisfies Record<string, Person>;

/** The numbers the seed used in every past game. */
export const SEEDED = { days: 7, winningNumber: 2, ritaNumber: 3 } as const;

/** Numbers the journeys pick today, chosen so the winner's 1 stays the lowest unique number. */
export const TODAY = { winnerNumber: 1, referredFirst: 7, referredBonus: 8, ritaNumber: 5, minedNumber: 40 } as const;
