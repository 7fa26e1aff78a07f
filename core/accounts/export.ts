// Everything the game holds about one player, as one JSON file (DESIGN.md §8): GET /api/profile/export and
// `lowest users export EMAIL`. The file is written as text pieces: the account's sections in one read, then the days
// the player played, a page of days per read, so a player of ten years costs the memory of one page at a time.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { EntryType, GameDate, GameKey, Instant, Payout, Prize, Winning } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { entryReceipt, mineReceipt, type EntryReceipt, type MineReceipt } from '../fairness/record.ts';
import { currentDate } from '../game/current-game.ts';
import { contactEmailVerified, mailAddressOf } from '../mail/notifications.ts';
import { entryOutcomesIn } from '../results/my-results.ts';
import type { EntryOutcome } from '../results/entry-outcome.ts';
import type { MailSettings } from './ports.ts';
import { bySubmission } from '../entries/submission-order.ts';

export const EXPORT_FORMAT = 'lowest-unique/export/v1';

/** Days per read unit: a few hundred statements, a short transaction, and a page of about 50 KB of text. */
export const EXPORT_PAGE_DAYS = 100;

const DAY_MS = 86_400_000;

export type ExportRepos =
  | 'users'
  | 'playerStats'
  | 'sessions'
  | 'rewards'
  | 'referrals'
  | 'bonusEntries'
  | 'guilds'
  | 'winnings'
  | 'games'
  | 'entries'
  | 'mines'
  | 'tallies';

export interface ExportOptions {
  /** SESSION_DAYS: a session's expiry slides to its last use plus this, so its last use is read back from it. */
  sessionDays: number;
}

/** The account's sections, written before the days. */
export interface PlayerExportHead {
  format: typeof EXPORT_FORMAT;
  exportedAt: Instant;
  /** Today's game date (GAME_DATE_ZONE), which names the file. */
  gameDate: GameDate;
  profile: {
    id: string;
    email: string;
    displayName: string;
    role: string;
    signInEmail: string | null;
    referralCode: string;
    createdAt: Instant;
    emailVerified: boolean;
    mailAddress: string | null;
  };
  totals: { entriesCount: number; winsCount: number; currentStreak: number; bestStreak: number };
  mailSettings: { emailNotifications: boolean; dailyReminder: boolean; contactEmailConfirmed: boolean };
  /** When each session began and was last used (to within a day: its expiry moves at most once a day); never a token. */
  sessions: { createdAt: Instant; lastSeenAt: Instant; expiresAt: Instant }[];
  rewards: {
    id: string;
    rewardType: string;
    earnedAt: Instant;
    expiresAt: Instant;
    earnedInGame: GameKey | null;
    usedAt: Instant | null;
    usedInGame: GameKey | null;
    usedResult: Record<string, unknown> | null;
  }[];
  referrals: {
    code: string;
    referredBy: { code: string; status: string; createdAt: Instant; completedAt: Instant | null } | null;
    /** The players this player referred, without who they are. */
    made: { status: string; createdAt: Instant; completedAt: Instant | null }[];
  };
  bonusEntries: { id: string; sourceType: string; remainingEntries: number; grantedAt: Instant; expiresAt: Instant }[];
  guild: { guildId: string; name: string; joinedAt: Instant; isAdmin: boolean } | null;
  winnings: {
    id: string;
    gameDate: GameKey;
    winningNumber: number;
    prize: Prize;
    createdAt: Instant;
    payout: Omit<Payout, 'userId' | 'winningId'> | null;
  }[];
}

/** One game the player entered or mined, with the receipts the play screen saves. */
export interface ExportDay {
  gameDate: GameKey;
  status: 'open' | 'closed';
  closedAt: Instant | null;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  /** In submission order; `outcome` and `rank` once the game is closed. */
  entries: { entryType: EntryType; outcome: EntryOutcome | null; rank: number | null; receipt: EntryReceipt }[];
  mine: { receipt: MineReceipt } | null;
}

/** The file's name: `lowest-unique-<today's game date>.json`. */
export const exportFileName = (gameDate: GameDate): string => `lowest-unique-${gameDate}.json`;

const payoutOf = (payout: Payout | null): PlayerExportHead['winnings'][number]['payout'] => {
  if (!payout) return null;
  const { userId: _user, winningId: _winning, ...rest } = payout;
  return rest;
};

const winningOf = ({ winning, payout }: { winning: Winning; payout: Payout | null }) => ({
  id: winning.id,
  gameDate: winning.gameKey,
  winningNumber: winning.winningNumber,
  prize: winning.prize,
  createdAt: winning.createdAt,
  payout: payoutOf(payout),
});

const mailSettingsOf = (settings: MailSettings): PlayerExportHead['mailSettings'] => ({
  emailNotifications: !settings.newsOptOut,
  dailyReminder: settings.dailyReminder,
  contactEmailConfirmed: settings.contactEmailConfirmed,
});

const readHead = async (
  repos: RepositoriesOf<ExportRepos>,
  userId: string,
  now: Date,
  gameDate: GameDate,
  options: ExportOptions,
): Promise<PlayerExportHead> => {
  const user = await repos.users.byId(userId);
  if (!user) return fail('NOT_FOUND', 'User not found');
  const [settings, stats, sessions, rewards, referredBy, made, bonus, membership, winnings] = await Promise.all([
    repos.users.mailSettings(userId),
    repos.playerStats.byUser(userId),
    repos.sessions.forUser(userId),
    repos.rewards.forUser(userId),
    repos.referrals.byReferred(userId),
    repos.referrals.byReferrer(userId),
    repos.bonusEntries.forUser(userId),
    repos.guilds.membershipOf(userId),
    repos.winnings.forUser(userId),
  ]);
  const guild = membership ? await repos.guilds.summary(membership.guildId) : null;
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    gameDate,
    profile: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      signInEmail: user.verifiedEmail,
      referralCode: user.referralCode,
      createdAt: user.createdAt,
      emailVerified: contactEmailVerified(user, settings),
      mailAddress: mailAddressOf(user, settings),
    },
    totals: {
      entriesCount: stats?.entries ?? 0,
      winsCount: stats?.wins ?? 0,
      currentStreak: stats?.currentStreak ?? 0,
      bestStreak: stats?.bestStreak ?? 0,
    },
    mailSettings: mailSettingsOf(settings),
    sessions: sessions.map((s) => ({
      createdAt: s.createdAt,
      lastSeenAt: new Date(
        Math.max(Date.parse(s.createdAt), Date.parse(s.expiresAt) - options.sessionDays * DAY_MS),
      ).toISOString(),
      expiresAt: s.expiresAt,
    })),
    rewards: rewards.map((r) => ({
      id: r.id,
      rewardType: r.rewardType,
      earnedAt: r.earnedAt,
      expiresAt: r.expiresAt,
      earnedInGame: r.sourceGameKey,
      usedAt: r.usedAt,
      usedInGame: r.usedInGameKey,
      usedResult: r.usedResult,
    })),
    referrals: {
      code: user.referralCode,
      referredBy: referredBy
        ? {
            code: referredBy.code,
            status: referredBy.status,
            createdAt: referredBy.createdAt,
            completedAt: referredBy.completedAt,
          }
        : null,
      made: made.map((r) => ({ status: r.status, createdAt: r.createdAt, completedAt: r.completedAt })),
    },
    bonusEntries: bonus.map((b) => ({
      id: b.id,
      sourceType: b.sourceType,
      remainingEntries: b.remainingEntries,
      grantedAt: b.grantedAt,
      expiresAt: b.expiresAt,
    })),
    guild:
      membership && guild
        ? { guildId: guild.id, name: guild.name, joinedAt: membership.joinedAt, isAdmin: guild.adminUserId === userId }
        : null,
    winnings: winnings.map(winningOf),
  };
};

const readDay = async (
  repos: RepositoriesOf<'games' | 'entries' | 'mines' | 'tallies'>,
  gameKey: GameKey,
  userId: string,
): Promise<ExportDay> => {
  const [game, entries, mine, stats] = await Promise.all([
    repos.games.byKey(gameKey),
    repos.entries.forPlayer(gameKey, userId),
    repos.mines.forPlayer(gameKey, userId),
    repos.games.stats(gameKey),
  ]);
  const ordered = [...entries].sort(bySubmission);
  const outcomes = stats ? await entryOutcomesIn(repos, gameKey, stats.snapshot, ordered) : null;
  return {
    gameDate: gameKey,
    status: game?.status === 'closed' ? 'closed' : 'open',
    closedAt: game?.closedAt ?? null,
    winningNumber: stats?.snapshot.winningNumber ?? null,
    secondPlaceNumber: stats?.snapshot.secondPlaceNumber ?? null,
    entries: ordered.map((e, i) => ({
      entryType: e.entryType,
      outcome: outcomes?.[i]?.outcome ?? null,
      rank: outcomes?.[i]?.rank ?? null,
      receipt: entryReceipt(e),
    })),
    mine: mine ? { receipt: mineReceipt(mine) } : null,
  };
};

/** The days after `after` (null: from the first), one page, in ascending game order. */
export const exportDaysPage = (
  deps: Deps<'games' | 'entries' | 'mines' | 'tallies'>,
  userId: string,
  after: GameKey | null,
  limit = EXPORT_PAGE_DAYS,
): Promise<ExportDay[]> =>
  deps.store.read(async (repos) => {
    const keys = await repos.entries.gameKeysOfPlayer(userId, after, limit);
    const days: ExportDay[] = [];
    for (const key of keys) days.push(await readDay(repos, key, userId));
    return days;
  });

/** The head of the player's export: NOT_FOUND for an unknown player. */
export const exportHead = (
  deps: Deps<ExportRepos>,
  userId: string,
  options: ExportOptions,
): Promise<PlayerExportHead> => {
  const now = deps.clock.now();
  const gameDate = currentDate(now, deps.config);
  return deps.store.read((repos) => readHead(repos, userId, now, gameDate, options));
};

/**
 * The export file: its name, and its text as pieces that join into one JSON document — the head pretty-printed, then
 * a piece per page of days, one day a line. The head is read here, so an unknown player fails before a byte is sent.
 */
export const playerExport = async (
  deps: Deps<ExportRepos>,
  userId: string,
  options: ExportOptions,
  pageDays = EXPORT_PAGE_DAYS,
): Promise<{ fileName: string; text: AsyncIterable<string> }> => {
  const head = await exportHead(deps, userId, options);
  return { fileName: exportFileName(head.gameDate), text: exportText(deps, head, userId, pageDays) };
};

async function* exportText(
  deps: Deps<'games' | 'entries' | 'mines' | 'tallies'>,
  head: PlayerExportHead,
  userId: string,
  pageDays: number,
): AsyncGenerator<string, void, undefined> {
  // The head without its closing brace; the days follow as its last member.
  yield `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "days": [`;
  let after: GameKey | null = null;
  let first = true;
  for (;;) {
    const days = await exportDaysPage(deps, userId, after, pageDays);
    if (days.length === 0) break;
    yield `${first ? '' : ','}${days.map((day) => `\n    ${JSON.stringify(day)}`).join(',')}`;
    first = false;
    after = days[days.length - 1]?.gameDate ?? null;
    if (days.length < pageDays) break;
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}

/**
 * `lowest users export EMAIL`: the same file for an operator answering a request by mail. EMAIL is the contact e-mail
 * of the profile or the one the player signs in with.
 */
export const playerExportByEmail = async (
  deps: Deps<ExportRepos>,
  email: string,
  options: ExportOptions,
): Promise<{ userId: string; fileName: string; text: AsyncIterable<string> }> => {
  const user = await deps.store.read(
    async (repos) => (await repos.users.byEmail(email)) ?? (await repos.users.byVerifiedEmail(email)),
  );
  if (!user) return fail('NOT_FOUND', `No user has the e-mail ${email}.`);
  return { userId: user.id, ...(await playerExport(deps, user.id, options)) };
};
