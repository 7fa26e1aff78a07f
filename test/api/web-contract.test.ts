// The web app and the server agree: every fetcher in web/features/*/api runs unchanged against the real
// app (memory store, fixed clock), through a fetch that forwards to app.request() the way a browser
// would (cookie, Origin on writes). Each test asserts the method, path and body the fetcher sends and
// the fields its screen reads.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type {
  AdminSubmissionsResponse,
  AuditTrailResponse,
  CreateBotsResponse,
  DeleteBotsResponse,
} from '../../server/routes/admin.schemas.ts';
import type { MyEntriesResponse, SubmitEntryResponse } from '../../server/routes/entry.schemas.ts';
import type { FairnessRecordResponse } from '../../server/routes/fairness.schemas.ts';
import type { GameTodayResponse } from '../../server/routes/game.schemas.ts';
import type { UseHowManyResponse, UseMineResponse, UsePeakResponse } from '../../server/routes/gameplay.schemas.ts';
import type {
  GuildDetailResponse,
  GuildDto,
  GuildSubmissionsResponse,
  GuildsResponse,
  MyGuildResponse,
} from '../../server/routes/guilds.schemas.ts';
import type { HistoryResponse } from '../../server/routes/history.schemas.ts';
import type { LeaderboardResponse } from '../../server/routes/leaderboard.schemas.ts';
import type {
  AdminPayoutDto,
  AdminPayoutsResponse,
  PrizeConfigDto,
  PrizeConfigResponse,
  PrizeForDateResponse,
} from '../../server/routes/prizes.schemas.ts';
import type { ProfileResponse } from '../../server/routes/profile.schemas.ts';
import type {
  ReferralBonusesResponse,
  ReferralCodeResponse,
  ReferralStatsResponse,
} from '../../server/routes/referrals.schemas.ts';
import type { LatestResultResponse, ResultResponse } from '../../server/routes/results.schemas.ts';
import type {
  MyRewardsResponse,
  RewardConfigResponse,
  RewardTypeResponse,
  RewardUsageResponse,
} from '../../server/routes/rewards.schemas.ts';
import type { MessageResponse } from '../../server/routes/shared.schemas.ts';
import type { DailyStatsResponse, TrendsResponse, UserTotalsResponse } from '../../server/routes/stats.schemas.ts';
import type { WinningsResponse } from '../../server/routes/winnings.schemas.ts';
import { createQueryClient } from '../../web/lib/query-client.ts';
import { ApiClientError } from '../../web/lib/api-client.ts';
import { parseGameKey } from '../../web/lib/dates.ts';
import { fetchMe } from '../../web/api/me.ts';
import { guildKeys, meKeys } from '../../web/api/query-keys.ts';
import { deleteAccount } from '../../web/features/profile/api/delete-account.ts';
import { getUserTotals } from '../../web/api/get-user-totals.ts';
import { updateProfile } from '../../web/features/profile/api/update-profile.ts';
import { getGameToday } from '../../web/features/play/api/get-game-today.ts';
import { getMyEntries } from '../../web/features/play/api/get-my-entries.ts';
import {
  getPrizeForDate as getPlayPrize,
  prizeForDateQueryOptions,
} from '../../web/features/play/api/get-prize-for-date.ts';
import { submitEntry } from '../../web/features/play/api/submit-entry.ts';
import { applyHowMany, applyMine, applyPeak } from '../../web/features/play/api/apply-reward.ts';
import { isGameClosed } from '../../web/features/play/countdown.ts';
import { getMyRewards } from '../../web/api/get-my-rewards.ts';
import { getReferralBonuses } from '../../web/features/referrals/api/get-referral-bonuses.ts';
import { getReferralCode } from '../../web/features/referrals/api/get-referral-code.ts';
import { getReferralStats } from '../../web/features/referrals/api/get-referral-stats.ts';
import { processReferral } from '../../web/api/process-referral.ts';
import {
  validateReferralCode,
  validateReferralCodeQueryOptions,
} from '../../web/features/signup/api/validate-referral-code.ts';
import { getDailyStats, dailyStatsQueryOptions } from '../../web/features/stats/api/get-daily-stats.ts';
import { getHistory } from '../../web/api/get-history.ts';
import { getTrends } from '../../web/features/stats/api/get-trends.ts';
import { chooseStatsDate } from '../../web/features/stats/stats-dates.ts';
import { getLeaderboard } from '../../web/features/leaderboard/api/get-leaderboard.ts';
import { isPlayerItem, isResultItem, rankOf } from '../../web/features/leaderboard/leaderboard-view.ts';
import { getWinnings } from '../../web/features/winnings/api/get-winnings.ts';
import { submitWinnerPayout } from '../../web/features/winnings/api/submit-winner-payout.ts';
import { createGuild } from '../../web/features/guilds/api/create-guild.ts';
import { deleteGuild } from '../../web/features/guilds/api/delete-guild.ts';
import { getGuildDetail } from '../../web/features/guilds/api/get-guild-detail.ts';
import { getGuildSubmissions } from '../../web/features/guilds/api/get-guild-submissions.ts';
import { getGuilds } from '../../web/features/guilds/api/get-guilds.ts';
import { getMyGuild } from '../../web/features/guilds/api/get-my-guild.ts';
import { joinGuild } from '../../web/features/guilds/api/join-guild.ts';
import { leaveGuild } from '../../web/features/guilds/api/leave-guild.ts';
import { removeMember } from '../../web/features/guilds/api/remove-member.ts';
import { createBots } from '../../web/features/admin/api/create-bots.ts';
import { createDatePrize } from '../../web/features/admin/api/create-date-prize.ts';
import { deleteBots } from '../../web/features/admin/api/delete-bots.ts';
import { deleteDatePrize } from '../../web/features/admin/api/delete-date-prize.ts';
import { getAdminPayouts } from '../../web/features/admin/api/get-admin-payouts.ts';
import { getAdminStatus } from '../../web/features/admin/api/get-admin-status.ts';
import { getAdminSubmissions } from '../../web/features/admin/api/get-admin-submissions.ts';
import { getPrizeConfig } from '../../web/features/admin/api/get-prize-config.ts';
import { resetWeeklyPrize } from '../../web/features/admin/api/reset-weekly-prize.ts';
import { reviewPayout } from '../../web/features/admin/api/review-payout.ts';
import { runSystemOperation } from '../../web/features/admin/api/run-system-operation.ts';
import { saveWeeklyPrize } from '../../web/features/admin/api/save-weekly-prize.ts';
import { payoutReviewRequest } from '../../web/features/admin/payout-actions.ts';
import { splitPrizeConfig } from '../../web/features/admin/prize-config-rows.ts';
import type { RewardItem, RewardType } from '../../core/model.ts';
import type * as games from '../../core/game/game-views.ts';
import type * as currentGame from '../../core/game/current-game.ts';
import type * as entries from '../../core/entries/my-entries.ts';
import type * as myResults from '../../core/results/my-results.ts';
import type * as submit from '../../core/entries/submit-entry.ts';
import type * as profile from '../../core/accounts/profile.ts';
import type * as referrals from '../../core/referrals/referrals.ts';
import type * as leaderboards from '../../core/leaderboards/leaderboard.ts';
import type * as prizeSettings from '../../core/prizes/prize-config.ts';
import type * as winningsCore from '../../core/payouts/winnings.ts';
import type * as payoutReview from '../../core/payouts/payout-review.ts';
import type * as rewardsCore from '../../core/rewards/my-rewards.ts';
import type * as rewardUse from '../../core/rewards/use-rewards.ts';
import type * as guildMembership from '../../core/guilds/guild-membership.ts';
import type * as guildViews from '../../core/guilds/guild-views.ts';
import type * as botsCore from '../../core/bots/bots.ts';
import type * as fairnessCore from '../../core/fairness/fairness.ts';
import type * as trendsCore from '../../core/trends/trends.ts';
import type * as adminSubmissions from '../../core/admin/submissions.ts';
import type * as auditCore from '../../core/payouts/audit-trail.ts';
import { ADMIN_EMAIL, ORIGIN, closeToday, makeHarness, type Harness } from './harness.ts';

/** What a use case answers, which the route sends as is. */
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type WithPrize = { prize: PrizeConfigDto; message: string };
type WithGuild = { guild: GuildDto; message: string };

interface SentRequest {
  call: string;
  status: number;
  body: unknown;
  contentType: string | null;
  credentials: RequestCredentials | undefined;
}

/** A browser in front of the app: one cookie jar, the Origin header on writes, every request recorded. */
const browserOn = (h: Harness) => {
  let cookie: string | null = null;
  const sent: SentRequest[] = [];
  const fetchThroughApp = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), ORIGIN);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (cookie !== null) headers.set('cookie', cookie);
    headers.set('sec-fetch-site', 'same-origin');
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', ORIGIN);
    const response = await h.fetchChecked(url.toString(), { ...init, headers });
    for (const set of response.headers.getSetCookie()) {
      if (!set.startsWith('sid=')) continue;
      const pair = set.split(';')[0] ?? '';
      cookie = pair === 'sid=' || /max-age=0/i.test(set) ? null : pair;
    }
    sent.push({
      call: `${method} ${url.pathname}${url.search}`,
      status: response.status,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      contentType: headers.get('content-type'),
      credentials: init.credentials,
    });
    return response;
  };
  vi.stubGlobal('fetch', fetchThroughApp);
  return {
    sent,
    /** The last request sent, to check what the fetcher built. */
    last: (): SentRequest => {
      const request = sent.at(-1);
      if (request === undefined) throw new Error('no request was sent');
      return request;
    },
    as: async (email: string | null, displayName?: string) => {
      cookie = email === null ? null : await h.signIn(email, displayName);
    },
  };
};

const grantRewards = (h: Harness, userId: string, types: RewardType[]) =>
  h.deps.store.write((repos) =>
    repos.rewards.grant(
      types.map((rewardType, i): RewardItem => ({
        id: `reward-${userId}-${i}`,
        userId,
        rewardType,
        earnedAt: '2026-11-20T00:00:00.000Z',
        expiresAt: '2026-11-27T00:00:00.000Z',
        sourceGameKey: null,
        usedAt: null,
        usedInGameKey: null,
        usedResult: null,
      })),
    ),
  );

let h: Harness;
let browser: ReturnType<typeof browserOn>;

beforeEach(async () => {
  h = await makeHarness();
  browser = browserOn(h);
});

afterEach(() => {
  vi.unstubAllGlobals();
  // spec-1 §7: every call sends credentials; a JSON content type goes only with a body.
  for (const request of browser.sent) {
    expect(request.credentials, request.call).toBe('include');
    expect(request.contentType, request.call).toBe(request.body === undefined ? null : 'application/json');
  }
});

describe('web ↔ server contract', () => {
  it('the use cases the routes send answer the contract types (checked by tsc)', () => {
    expectTypeOf<Answer<typeof currentGame.gameToday>>().toExtend<GameTodayResponse>();
    expectTypeOf<Answer<typeof games.history>>().toExtend<HistoryResponse>();
    expectTypeOf<Answer<typeof games.dailyStats>>().toExtend<DailyStatsResponse>();
    expectTypeOf<Answer<typeof games.gameResult>>().toExtend<ResultResponse>();
    expectTypeOf<Answer<typeof trendsCore.trends>>().toExtend<TrendsResponse>();
    expectTypeOf<Answer<typeof entries.myEntries>>().toExtend<MyEntriesResponse>();
    expectTypeOf<Answer<typeof myResults.myLatestResult>>().toExtend<LatestResultResponse>();
    expectTypeOf<Answer<typeof submit.submitEntry>>().toExtend<SubmitEntryResponse>();
    expectTypeOf<Answer<typeof profile.updateProfile>>().toExtend<ProfileResponse>();
    expectTypeOf<Answer<typeof profile.myProfile>>().toExtend<ProfileResponse>();
    expectTypeOf<Answer<typeof profile.userTotals>>().toExtend<UserTotalsResponse>();
    expectTypeOf<Answer<typeof profile.deleteAccount>>().toExtend<MessageResponse>();
    expectTypeOf<Answer<typeof referrals.myReferralCode>>().toExtend<ReferralCodeResponse>();
    expectTypeOf<Answer<typeof referrals.referralStats>>().toExtend<ReferralStatsResponse>();
    expectTypeOf<Answer<typeof referrals.referralBonuses>>().toExtend<ReferralBonusesResponse>();
    expectTypeOf<Answer<typeof referrals.processReferral>>().toExtend<MessageResponse>();
    expectTypeOf<Answer<typeof leaderboards.leaderboard>>().toExtend<LeaderboardResponse>();
    expectTypeOf<Answer<typeof prizeSettings.prizeOfDate>>().toExtend<PrizeForDateResponse>();
    expectTypeOf<Answer<typeof prizeSettings.prizeConfig>>().toExtend<PrizeConfigResponse>();
    expectTypeOf<Answer<typeof prizeSettings.saveWeeklyPrize>>().toExtend<WithPrize>();
    expectTypeOf<Answer<typeof prizeSettings.saveDatePrize>>().toExtend<WithPrize>();
    expectTypeOf<Answer<typeof prizeSettings.resetWeeklyPrize>>().toExtend<WithPrize>();
    expectTypeOf<Answer<typeof prizeSettings.togglePrize>>().toExtend<WithPrize>();
    expectTypeOf<Answer<typeof prizeSettings.deletePrizeForDate>>().toExtend<MessageResponse>();
    expectTypeOf<Answer<typeof winningsCore.myWinnings>>().toExtend<WinningsResponse>();
    expectTypeOf<Answer<typeof winningsCore.claimPrize>>().toExtend<{ message: string; payoutId: string }>();
    expectTypeOf<Answer<typeof payoutReview.listPayouts>>().toExtend<AdminPayoutsResponse>();
    expectTypeOf<Answer<typeof payoutReview.reviewPayout>>().toExtend<{
      payout: AdminPayoutDto;
      message: string;
    }>();
    expectTypeOf<ReturnType<typeof rewardsCore.rewardConfigList>>().toExtend<RewardConfigResponse>();
    expectTypeOf<Answer<typeof rewardsCore.myRewards>>().toExtend<MyRewardsResponse>();
    expectTypeOf<Answer<typeof rewardsCore.usageHistory>>().toExtend<RewardUsageResponse>();
    expectTypeOf<Answer<typeof rewardsCore.rewardsOfType>>().toExtend<RewardTypeResponse>();
    expectTypeOf<Answer<typeof rewardUse.usePeak>>().toExtend<UsePeakResponse>();
    expectTypeOf<Answer<typeof rewardUse.useMine>>().toExtend<UseMineResponse>();
    expectTypeOf<Answer<typeof rewardUse.useHowMany>>().toExtend<UseHowManyResponse>();
    expectTypeOf<Answer<typeof guildMembership.createGuild>>().toExtend<WithGuild>();
    expectTypeOf<Answer<typeof guildMembership.joinGuild>>().toExtend<WithGuild>();
    expectTypeOf<Answer<typeof guildMembership.leaveGuild>>().toExtend<MessageResponse>();
    expectTypeOf<Answer<typeof guildMembership.removeMember>>().toExtend<MessageResponse>();
    expectTypeOf<Answer<typeof guildMembership.deleteGuild>>().toExtend<MessageResponse>();
    expectTypeOf<Answer<typeof guildViews.listGuilds>>().toExtend<GuildsResponse>();
    expectTypeOf<Answer<typeof guildViews.myGuild>>().toExtend<MyGuildResponse>();
    expectTypeOf<Answer<typeof guildViews.guildDetail>>().toExtend<GuildDetailResponse>();
    expectTypeOf<Answer<typeof guildViews.guildSubmissions>>().toExtend<GuildSubmissionsResponse>();
    expectTypeOf<Answer<typeof adminSubmissions.adminSubmissions>>().toExtend<AdminSubmissionsResponse>();
    expectTypeOf<Answer<typeof auditCore.auditTrail>>().toExtend<AuditTrailResponse>();
    expectTypeOf<Answer<typeof botsCore.createBots>>().toExtend<CreateBotsResponse>();
    expectTypeOf<Answer<typeof botsCore.clearBots>>().toExtend<DeleteBotsResponse>();
    expectTypeOf<Answer<typeof fairnessCore.fairnessRecord>>().toExtend<FairnessRecordResponse>();
  });

  it('accounts: /api/me (401 = signed out), profile update and delete, totals', async () => {
    expect(await fetchMe()).toBeNull();
    expect(browser.last()).toMatchObject({
      call: 'GET /api/me',
      status: 401,
      credentials: 'include',
      contentType: null,
    });

    await browser.as('ann@example.com', 'Ann');
    const me = await fetchMe();
    expect(me).toEqual({ id: expect.any(String), email: 'ann@example.com', displayName: 'Ann', role: 'player' });

    expect(await getUserTotals()).toEqual({ entriesCount: 0, winsCount: 0, currentStreak: 0, bestStreak: 0 });
    expect(browser.last().call).toBe('GET /api/stats/user/me');

    const updated = await updateProfile({
      username: 'ann@example.com',
      email: 'annie@example.com',
      displayName: 'Annie',
    });
    expect(browser.last()).toMatchObject({
      call: 'PUT /api/profile',
      status: 200,
      contentType: 'application/json',
      body: { username: 'ann@example.com', email: 'annie@example.com', displayName: 'Annie' },
    });
    expect(updated).toMatchObject({ email: 'annie@example.com', displayName: 'Annie', role: 'player' });
    expect(await fetchMe()).toMatchObject({ email: 'annie@example.com', displayName: 'Annie' });
    await expect(updateProfile({ username: 'x', email: 'nope', displayName: 'Annie' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid email address',
    });

    expect(await deleteAccount()).toEqual({ message: expect.any(String) });
    expect(browser.last()).toMatchObject({
      call: 'DELETE /api/profile',
      status: 200,
      contentType: null,
      body: undefined,
    });
    expect(await fetchMe()).toBeNull();

    // The generic read (spec-1 §7): the key parts joined with '/' are the path.
    await browser.as('bob@example.com', 'Bob');
    expect(await createQueryClient().fetchQuery({ queryKey: meKeys.me() })).toMatchObject({ displayName: 'Bob' });
  });

  it('play: today, entries with a bonus entry, submit (201), prize card incl. disabled, reward dialogs', async () => {
    const today = await getGameToday();
    expect(browser.last().call).toBe('GET /api/game/today');
    expect(today).toEqual({
      gameDate: '2026-11-20',
      serverNowISO: '2026-11-20T12:00:00.000Z',
      msUntilClose: 12 * 3_600_000,
      effectiveStatus: 'open',
      closesAtISO: '2026-11-21T00:00:00.000Z',
      limits: {
        minNumber: 1,
        maxNumber: 2_147_483_647,
        mineMinNumber: 10,
        messages: {
          wholeNumber: 'Enter a whole number greater than zero.',
          peakWholeNumber: 'Enter a whole number greater than zero',
          tooLarge: 'Please enter a number up to 2,147,483,647.',
          mineTooLow: 'Mine can only be used on numbers 10 or greater',
        },
      },
      receivedAtMs: expect.any(Number),
    });
    expect(isGameClosed(today, today.receivedAtMs)).toBe(false);
    expect(isGameClosed(today, today.receivedAtMs + today.msUntilClose)).toBe(true);

    // Signed out: the prize card still loads; 2026-11-20 is a Friday ($50.00).
    const prize = await getPlayPrize(parseGameKey(today.gameDate).date);
    expect(browser.last().call).toBe('GET /api/prizes/date/2026-11-20');
    expect(prize).toEqual({
      status: 'active',
      prize: { prizeType: 'cash', amountCents: 5000, currency: 'USD', description: 'Friday Cash Prize' },
      dayOfWeek: 5,
    });

    await browser.as('ann@example.com', 'Ann');
    const fresh = await getMyEntries();
    expect(browser.last().call).toBe('GET /api/entry/mine');
    expect(fresh).toMatchObject({
      entries: [],
      status: { canSubmitMore: true },
      maxSubmissions: 1,
      availableBonusEntries: 0,
      bonusEntriesDetails: [],
    });

    const submitted = await submitEntry(7);
    expect(browser.last()).toMatchObject({
      call: 'POST /api/entry',
      status: 201,
      body: { number: 7 },
      contentType: 'application/json',
    });
    expect(submitted.entry).toEqual({
      id: expect.any(String),
      number: 7,
      entryType: 'standard',
      submittedAt: '2026-11-20T12:00:00.000Z',
    });
    expect(submitted.message).toEqual(expect.any(String));
    const after = await getMyEntries();
    expect(after.entries.map((e) => e.number)).toEqual([7]);
    expect(after.status.canSubmitMore).toBe(false);
    await expect(submitEntry(8)).rejects.toMatchObject({ status: 409, message: expect.any(String) });
    await expect(submitEntry(0)).rejects.toMatchObject({
      status: 400,
      message: 'Enter a whole number greater than zero.',
    });

    // A second number through a bonus entry (referral): the labels switch on maxSubmissions and the details.
    const { referralCode } = await getReferralCode();
    await browser.as('bob@example.com', 'Bob');
    await processReferral(referralCode);
    const withBonus = await getMyEntries();
    expect(withBonus).toMatchObject({ maxSubmissions: 2, availableBonusEntries: 1, status: { canSubmitMore: true } });
    expect(withBonus.bonusEntriesDetails).toEqual([
      { id: expect.any(String), sourceType: 'referral', remainingEntries: 1, expiresAt: '2026-11-27T12:00:00.000Z' },
    ]);
    await submitEntry(12);
    const bonus = await submitEntry(13);
    expect(bonus.entry.entryType).toBe('bonus');
    const full = await getMyEntries();
    expect(full.entries.map((e) => [e.number, e.entryType])).toEqual([
      [12, 'standard'],
      [13, 'bonus'],
    ]);
    expect(full).toMatchObject({ maxSubmissions: 2, availableBonusEntries: 0, status: { canSubmitMore: false } });

    // Reward dialogs: Peak and Mine send { number }, How Many sends nothing at all.
    const bob = await fetchMe();
    await grantRewards(h, bob?.id ?? '', ['peak', 'mine', 'how_many']);
    const rewards = await getMyRewards();
    expect(browser.last().call).toBe('GET /api/rewards/mine');
    expect(rewards.rewardSummary.map((r) => [r.rewardType, r.available])).toEqual([
      ['peak', 1],
      ['mine', 1],
      ['how_many', 1],
    ]);
    expect(await applyPeak(7)).toEqual({ message: expect.any(String), numberChosen: true });
    expect(browser.last()).toMatchObject({ call: 'POST /api/gameplay/use-peak', body: { number: 7 } });
    await expect(applyMine(5)).rejects.toMatchObject({
      status: 400,
      message: 'Mine can only be used on numbers 10 or greater',
    });
    expect(await applyMine(20)).toEqual({
      message: expect.any(String),
      receipt: expect.objectContaining({ number: 20, mineId: expect.any(String) }),
    });
    expect(browser.last()).toMatchObject({ call: 'POST /api/gameplay/use-mine', body: { number: 20 } });
    expect(await applyHowMany()).toEqual({ message: expect.any(String), totalNumbers: 3, uniqueNumbers: 3 });
    expect(browser.last()).toMatchObject({
      call: 'POST /api/gameplay/use-how-many',
      status: 200,
      body: undefined,
      contentType: null,
    });
    await expect(applyHowMany()).rejects.toMatchObject({
      status: 409,
      message: 'You have no How Many reward available.',
    });

    // A weekday without a prize: 404 with status 'disabled', which the prize card turns into a value.
    await browser.as(ADMIN_EMAIL, 'Admin');
    await saveWeeklyPrize({
      dayOfWeek: 5,
      prizeType: 'cash',
      amountCents: 5000,
      description: 'Friday Cash Prize',
      isActive: false,
    });
    await browser.as(null);
    expect(await getPlayPrize('2026-11-20')).toEqual({
      status: 'disabled',
      message: 'No prizes are currently offered on Fridays',
      dayOfWeek: 5,
    });
    expect(browser.last()).toMatchObject({ call: 'GET /api/prizes/date/2026-11-20', status: 404 });
    expect(await createQueryClient().fetchQuery(prizeForDateQueryOptions('2026-11-20'))).toMatchObject({
      status: 'disabled',
    });
  });

  it('signup and referrals: validate before sign-in, process after, the counters', async () => {
    await browser.as('ann@example.com', 'Ann');
    const { referralCode } = await getReferralCode();
    expect(browser.last().call).toBe('GET /api/referrals/code');
    expect(referralCode).toMatch(/^[A-Z0-9]{12}$/);

    await browser.as(null);
    expect(await validateReferralCode(referralCode)).toEqual({ valid: true });
    expect(browser.last()).toMatchObject({ call: `GET /api/referrals/validate/${referralCode}`, status: 200 });
    expect(await validateReferralCode('ZZZZZZZZZZZZ')).toEqual({ valid: false });
    // Whatever is typed reaches the route as one encoded path segment.
    expect(await validateReferralCode('AB/CD%EF?GH#')).toEqual({ valid: false });
    expect(browser.last()).toMatchObject({ call: 'GET /api/referrals/validate/AB%2FCD%25EF%3FGH%23', status: 200 });
    // The query key doubles as the generic read's path.
    expect(
      await createQueryClient().fetchQuery({ queryKey: validateReferralCodeQueryOptions(referralCode).queryKey }),
    ).toEqual({ valid: true });

    await browser.as('bob@example.com', 'Bob');
    expect(await processReferral(referralCode)).toEqual({ message: expect.any(String) });
    expect(browser.last()).toMatchObject({ call: 'POST /api/referrals/process', body: { referralCode } });
    await expect(processReferral(referralCode)).rejects.toBeInstanceOf(ApiClientError);

    const bonuses = await getReferralBonuses();
    expect(browser.last().call).toBe('GET /api/referrals/bonuses');
    expect(bonuses).toEqual({
      availableBonuses: 1,
      bonusEntries: [
        { id: expect.any(String), sourceType: 'referral', remainingEntries: 1, expiresAt: expect.any(String) },
      ],
    });
    await submitEntry(3);

    await browser.as('ann@example.com', 'Ann');
    expect(await getReferralStats()).toEqual({ totalReferrals: 1, completedReferrals: 1, notEligibleReferrals: 0 });
    expect(browser.last().call).toBe('GET /api/referrals/stats');
    expect((await getReferralBonuses()).availableBonuses).toBe(1);

    // Signed out, the player-only reads answer 401 (the screens do not call them then).
    await browser.as(null);
    await expect(getReferralCode()).rejects.toMatchObject({ status: 401 });
  });

  it('stats, leaderboard and winnings after a close: history, daily stats, rankings, claim', async () => {
    await browser.as('ann@example.com', 'Ann');
    const ann = await fetchMe();
    expect(chooseStatsDate((await getHistory(100)).items, { kind: 'newest' }).selected).toBeNull();
    expect(browser.last().call).toBe('GET /api/history?limit=100');
    await submitEntry(1);
    await browser.as('bob@example.com', 'Bob');
    await submitEntry(1);
    await browser.as('cy@example.com', 'Cy');
    await submitEntry(2);
    await expect(getDailyStats('2026-11-20')).rejects.toMatchObject({ status: 404 });
    await closeToday(h);
    // No other day's statistics under a key that names no closed game.
    await expect(getDailyStats('2026-13-99')).rejects.toMatchObject({ status: 404 });
    await expect(getDailyStats('2026-11-21')).rejects.toMatchObject({ status: 404 });

    await browser.as('cy@example.com', 'Cy');
    const history = await getHistory(100);
    expect(history.items).toContainEqual({ gameDate: '2026-11-20', status: 'closed' });
    const choice = chooseStatsDate(history.items, { kind: 'newest' });
    expect(choice.selected).toBe('2026-11-20');

    const stats = await getDailyStats('2026-11-20');
    expect(browser.last().call).toBe('GET /api/stats/daily/2026-11-20');
    expect(stats.snapshot).toMatchObject({
      entriesTotal: 3,
      uniquesTotal: 1,
      winningNumber: 2,
      secondPlaceNumber: null,
      highestNumber: 2,
      mostFrequentNumbers: [1],
      mostFrequentCount: 2,
      median: expect.any(Number),
      average: expect.any(Number),
      minedNumbers: [],
    });
    expect(stats.snapshot).toHaveProperty('missedWinNumber');
    expect(stats.histogram).toEqual([
      { number: 1, count: 2, unique: false },
      { number: 2, count: 1, unique: true },
    ]);
    expect(stats.userSubmissions).toEqual([
      { id: expect.any(String), number: 2, entryType: 'standard', submittedAt: expect.any(String) },
    ]);
    // The game story renders the server's outcome; the web no longer works it out.
    expect(stats.myOutcomes).toEqual([{ number: 2, entryType: 'standard', outcome: 'winner', rank: 1 }]);
    expect(
      await createQueryClient().fetchQuery({ queryKey: dailyStatsQueryOptions('2026-11-20').queryKey }),
    ).toMatchObject({ gameDate: '2026-11-20' });
    await browser.as(null);
    expect((await getDailyStats('2026-11-20')).userSubmissions).toEqual([]);

    // TRENDS: the closed game is the whole window; the chart's point is its winning number.
    const trends = await getTrends(30);
    expect(browser.last()).toMatchObject({ call: 'GET /api/stats/trends?days=30', status: 200 });
    expect(trends).toMatchObject({
      days: 30,
      gamesCount: 1,
      entriesTotal: 3,
      winningNumbers: [{ gameDate: '2026-11-20', winningNumber: 2, entriesTotal: 3 }],
      neverPicked: [],
    });

    // RANKINGS asks for 50 of each kind.
    const results = await getLeaderboard('results', 50);
    expect(browser.last()).toMatchObject({ call: 'GET /api/leaderboard?kind=results&limit=50', status: 200 });
    expect(results.items).toHaveLength(1);
    const winner = results.items[0];
    expect(winner !== undefined && isResultItem(winner)).toBe(true);
    expect(winner).toMatchObject({
      gameId: '2026-11-20',
      gameDate: '2026-11-20',
      playerName: 'Cy',
      prizeAmount: 50,
      prizeAmountCents: 5000,
      currency: 'USD',
      winningNumber: 2,
    });
    for (const kind of ['wins', 'entries', 'streak', 'bestStreak'] as const) {
      const board = await getLeaderboard(kind, 50);
      expect(browser.last().call).toBe(`GET /api/leaderboard?kind=${kind}&limit=50`);
      expect(board.items.length, kind).toBeGreaterThan(0);
      const players = board.items.filter(isPlayerItem);
      expect(players).toHaveLength(board.items.length);
      expect(players[0]).toEqual({
        userId: expect.any(String),
        playerName: expect.any(String),
        wins: expect.any(Number),
        entries: expect.any(Number),
        currentStreak: expect.any(Number),
        bestStreak: expect.any(Number),
        lastPlayedAt: expect.any(String),
      });
    }
    const wins = (await getLeaderboard('wins', 50)).items.filter(isPlayerItem);
    expect(wins[0]).toMatchObject({ playerName: 'Cy', wins: 1, entries: 1 });
    // YOUR RANK: the signed-in user's id matches a row's userId.
    expect(rankOf((await getLeaderboard('entries', 50)).items.filter(isPlayerItem), ann?.id)).toEqual(
      expect.any(Number),
    );

    // MY WINNINGS: Cy won $50.00 cash and claims it.
    await browser.as('cy@example.com', 'Cy');
    const { winnings } = await getWinnings();
    expect(browser.last().call).toBe('GET /api/winnings');
    expect(winnings).toEqual([
      {
        payoutId: null,
        gameId: '2026-11-20',
        gameDate: '2026-11-20',
        winningNumber: 2,
        prizeAmount: 50,
        prizeType: 'cash',
        amountCents: 5000,
        currency: 'USD',
        status: 'unclaimed',
        isPending: true,
        isCompleted: false,
        canClaim: true,
        countsAsWon: true,
        reviewNotes: null,
        processedAt: null,
        paymentReference: null,
      },
    ]);
    const won = winnings[0];
    if (won === undefined) throw new Error('no winning');
    await expect(submitWinnerPayout({ gameId: won.gameId })).rejects.toMatchObject({
      status: 400,
      message: 'PayPal email and preferred name are required for cash prizes',
    });
    const claim = await submitWinnerPayout({
      gameId: won.gameId,
      paypalEmail: 'cy@paypal.test',
      preferredName: 'Cy C',
    });
    expect(browser.last()).toMatchObject({
      call: 'POST /api/prizes/winner-payout',
      status: 200,
      body: { gameId: '2026-11-20', paypalEmail: 'cy@paypal.test', preferredName: 'Cy C' },
    });
    expect(claim).toEqual({ message: expect.any(String), payoutId: expect.any(String) });
    expect((await getWinnings()).winnings[0]).toMatchObject({
      status: 'pending_review',
      canClaim: false,
      isPending: true,
      payoutId: claim.payoutId,
    });
  });

  it('guilds: create (201), list, my guild, join, detail, members’ picks, remove, leave, delete', async () => {
    await browser.as('ann@example.com', 'Ann');
    const created = await createGuild({ name: 'Low Riders', description: 'We go low', password: 'secret1' });
    expect(browser.last()).toMatchObject({
      call: 'POST /api/guilds',
      status: 201,
      body: { name: 'Low Riders', description: 'We go low', password: 'secret1' },
    });
    const guildShape = {
      id: expect.any(String),
      name: 'Low Riders',
      description: 'We go low',
      memberCount: 1,
      maxMembers: 10,
      isFull: false,
      totalWins: 0,
      totalEntries: 0,
      createdAt: expect.any(String),
      adminName: 'Ann',
      adminUserId: expect.any(String),
    };
    expect(created).toEqual({ guild: guildShape, message: expect.any(String) });
    const guildId = created.guild.id;

    expect(await getGuilds()).toEqual({ guilds: [guildShape] });
    expect(browser.last().call).toBe('GET /api/guilds?limit=50');
    expect(await getMyGuild()).toEqual({
      guild: guildShape,
      membership: { isAdmin: true, joinedAt: expect.any(String), canLeave: true },
    });
    expect(browser.last().call).toBe('GET /api/guilds/my');

    await browser.as('bob@example.com', 'Bob');
    expect(await getMyGuild()).toEqual({ guild: null, membership: null });
    await expect(joinGuild({ guildId, password: 'wrong' })).rejects.toMatchObject({ status: 403 });
    expect(await joinGuild({ guildId, password: 'secret1' })).toMatchObject({
      guild: { id: guildId, memberCount: 2 },
      message: expect.any(String),
    });
    expect(browser.last()).toMatchObject({ call: 'POST /api/guilds/join', body: { guildId, password: 'secret1' } });
    await submitEntry(9);

    const detail = await getGuildDetail(guildId);
    expect(browser.last().call).toBe(`GET /api/guilds/${guildId}`);
    expect(detail.guild.id).toBe(guildId);
    expect(detail.members).toHaveLength(2);
    expect(detail.members.find((m) => m.playerName === 'Bob')).toEqual({
      userId: expect.any(String),
      playerName: 'Bob',
      isAdmin: false,
      joinedAt: expect.any(String),
      wins: 0,
      entries: 0,
      currentStreak: 0,
    });
    expect(await createQueryClient().fetchQuery({ queryKey: guildKeys.detail(guildId) })).toMatchObject({
      guild: { id: guildId },
    });

    const picks = await getGuildSubmissions(guildId);
    expect(browser.last().call).toBe(`GET /api/guilds/${guildId}/submissions`);
    expect(picks).toEqual({
      gameDate: '2026-11-20',
      submissions: [{ userId: expect.any(String), playerName: 'Bob', number: 9, submittedAt: expect.any(String) }],
    });

    const bobId = detail.members.find((m) => m.playerName === 'Bob')?.userId ?? '';
    await browser.as('ann@example.com', 'Ann');
    expect(await removeMember({ guildId, userId: bobId })).toEqual({ message: expect.any(String) });
    expect(browser.last()).toMatchObject({
      call: `DELETE /api/guilds/${guildId}/members/${encodeURIComponent(bobId)}`,
      status: 200,
    });

    await browser.as('bob@example.com', 'Bob');
    await joinGuild({ guildId, password: 'secret1' });
    expect(await leaveGuild()).toMatchObject({ message: expect.any(String) });
    expect(browser.last()).toMatchObject({
      call: 'POST /api/guilds/leave',
      status: 200,
      body: undefined,
      contentType: null,
    });
    await expect(getGuildSubmissions(guildId)).rejects.toMatchObject({ status: 403 });

    await browser.as('ann@example.com', 'Ann');
    expect(await deleteGuild(guildId)).toEqual({ message: expect.any(String) });
    expect(browser.last()).toMatchObject({ call: `DELETE /api/guilds/${guildId}`, status: 200 });
    expect(await getMyGuild()).toEqual({ guild: null, membership: null });
  });

  it('admin: system, prizes (weekly rows vs overrides), payouts, bots, submissions; 403 for players', async () => {
    await browser.as('ann@example.com', 'Ann');
    await expect(getAdminStatus()).rejects.toMatchObject({
      status: 403,
      message: 'You need admin privileges to do that.',
    });
    await submitEntry(4);

    await browser.as(ADMIN_EMAIL, 'Admin');
    expect(await getAdminStatus()).toMatchObject({ currentGame: { gameDate: '2026-11-20' } });
    expect(browser.last().call).toBe('GET /admin/status');

    // PRIZES: 7 weekly rows; an override of a Friday stays out of them.
    const initial = splitPrizeConfig((await getPrizeConfig()).prizes);
    expect(browser.last().call).toBe('GET /api/prizes/config');
    expect(initial.weekly.map((p) => p.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(initial.weekly[0]).toEqual({
      id: expect.any(String),
      prizeType: 'cash',
      amountCents: 1000,
      currency: 'USD',
      description: 'Monday Cash Prize',
      isActive: true,
      isDefault: true,
      dayOfWeek: 1,
      date: null,
      defaultAmountCents: 1000,
    });
    const override = await createDatePrize({
      date: '2026-12-25',
      prizeType: 'voucher',
      amountCents: 2500,
      description: 'Xmas',
    });
    expect(browser.last()).toMatchObject({
      call: 'POST /api/prizes/config/date',
      body: { date: '2026-12-25', prizeType: 'voucher', amountCents: 2500, description: 'Xmas' },
    });
    expect(override).toMatchObject({
      prize: { date: '2026-12-25', amountCents: 2500 },
      message: 'Date override for 2026-12-25 created successfully',
    });
    const withOverride = splitPrizeConfig((await getPrizeConfig()).prizes);
    expect(withOverride.weekly).toHaveLength(7);
    expect(withOverride.overrides.map((p) => [p.date, p.prizeType, p.amountCents, p.description])).toEqual([
      ['2026-12-25', 'voucher', 2500, 'Xmas'],
    ]);

    const saved = await saveWeeklyPrize({
      dayOfWeek: 2,
      prizeType: 'voucher',
      amountCents: 1234,
      description: 'Tue',
      isActive: true,
    });
    expect(browser.last()).toMatchObject({
      call: 'POST /api/prizes/config/weekly',
      body: { dayOfWeek: 2, isActive: true },
    });
    expect(saved).toMatchObject({
      prize: { dayOfWeek: 2, amountCents: 1234, isDefault: false, defaultAmountCents: 2000 },
      message: 'Tuesday prize updated successfully',
    });
    expect(await resetWeeklyPrize(2)).toMatchObject({ message: 'Tuesday prize reset to default' });
    expect(browser.last()).toMatchObject({ call: 'DELETE /api/prizes/config/weekly/2', status: 200 });
    expect(await deleteDatePrize('2026-12-25')).toEqual({
      message: 'Prize override for 2026-12-25 deleted successfully',
    });
    expect(browser.last()).toMatchObject({ call: 'DELETE /api/prizes/config/date/2026-12-25', status: 200 });
    expect(splitPrizeConfig((await getPrizeConfig()).prizes).overrides).toEqual([]);

    // BOTS and DATA.
    const bots = await createBots({ botCount: 5, bonusCount: 2, minNumber: 1, maxNumber: 100 });
    expect(browser.last()).toMatchObject({
      call: 'POST /admin/create-bot-submissions',
      body: { botCount: 5, bonusCount: 2, minNumber: 1, maxNumber: 100 },
    });
    expect(bots).toEqual({ botsCreated: 5, submissionsCreated: 7, gameDate: '2026-11-20' });
    const page = await getAdminSubmissions(1, 20);
    expect(browser.last().call).toBe('GET /admin/submissions?page=1&limit=20');
    expect(page.game).toEqual({ date: '2026-11-20', status: 'open' });
    expect(page.pagination).toEqual({
      page: 1,
      limit: 20,
      totalCount: 8,
      totalPages: 1,
      hasPreviousPage: false,
      hasNextPage: false,
    });
    const annRow = page.submissions.find((s) => s.userEmail === 'ann@example.com');
    expect(annRow).toEqual({
      id: expect.any(String),
      number: 4,
      userId: expect.any(String),
      userDisplayName: 'Ann',
      userEmail: 'ann@example.com',
      entryType: 'standard',
      guildName: null,
      submittedAt: expect.any(String),
      clustered: false,
    });
    expect(page.submissions.filter((s) => s.userId?.startsWith('bot:'))).toHaveLength(7);
    expect((await getAdminSubmissions(2, 5)).pagination).toMatchObject({
      page: 2,
      totalPages: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect(await deleteBots()).toEqual({
      deletedSubmissions: 7,
      deletedBonusEntries: expect.any(Number),
      botUsersPreserved: 5,
    });
    expect(browser.last()).toMatchObject({ call: 'DELETE /admin/delete-bot-submissions', status: 200 });

    // SYSTEM: daily close, compute and open, each a JSON object shown raw.
    h.clock.set('2026-11-21T00:00:01.000Z');
    expect(await runSystemOperation({ kind: 'daily-close' })).toMatchObject({ closed: ['2026-11-20'] });
    expect(browser.last()).toMatchObject({
      call: 'POST /admin/daily-close',
      status: 200,
      body: undefined,
      contentType: null,
    });
    expect(await runSystemOperation({ kind: 'compute', date: '2026-11-20' })).toMatchObject({ gameKey: '2026-11-20' });
    expect(browser.last().call).toBe('POST /admin/compute/2026-11-20');
    expect(await runSystemOperation({ kind: 'open', date: '2026-11-22' })).toMatchObject({
      game: { key: '2026-11-22' },
    });
    expect(browser.last().call).toBe('POST /admin/open/2026-11-22');

    // PAYOUTS: Ann won 2026-11-20 ($50 cash), claims; the admin approves then marks paid.
    await browser.as('ann@example.com', 'Ann');
    await submitWinnerPayout({ gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann A' });
    await browser.as(ADMIN_EMAIL, 'Admin');
    const { payouts } = await getAdminPayouts();
    expect(browser.last().call).toBe('GET /api/prizes/admin/payouts');
    expect(payouts).toEqual([
      {
        id: expect.any(String),
        status: 'pending_review',
        amountCents: 5000,
        currency: 'USD',
        prizeType: 'cash',
        gameDate: '2026-11-20',
        playerName: 'Ann',
        playerEmail: 'ann@example.com',
        paypalEmail: 'ann@paypal.test',
        preferredName: 'Ann A',
        reviewNotes: null,
        paymentReference: null,
        createdAt: expect.any(String),
        processedAt: null,
        allowedActions: ['approve', 'reject'],
        integrity: null,
      },
    ]);
    const id = payouts[0]?.id ?? '';
    const approve = payoutReviewRequest('approve');
    if (approve === null) throw new Error('approve needs no input');
    expect(await reviewPayout({ id, request: approve })).toMatchObject({
      payout: { status: 'approved' },
      message: 'Payout marked as approved',
    });
    expect(browser.last()).toMatchObject({ call: `POST /api/prizes/admin/payouts/${id}`, body: approve });
    const paid = payoutReviewRequest('markPaid', ' TX-1 ');
    if (paid === null) throw new Error('mark paid has a reference');
    expect(await reviewPayout({ id, request: paid })).toMatchObject({
      payout: {
        status: 'paid',
        paymentReference: 'TX-1',
        reviewNotes: 'Payment processed manually',
        processedAt: expect.any(String),
      },
    });
    await expect(reviewPayout({ id, request: approve })).rejects.toMatchObject({ status: 409 });

    await browser.as('ann@example.com', 'Ann');
    expect((await getWinnings()).winnings[0]).toMatchObject({
      status: 'paid',
      isCompleted: true,
      isPending: false,
      paymentReference: 'TX-1',
    });
  });
});
