import { describe, it, expect } from 'vitest';
import { createUser, makeDeps, rejection, type TestDeps } from '../../test/support/fakes.ts';
import { closeGame } from '../game/close.ts';
import { currentGame } from '../game/current-game.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { createGuild, joinGuild } from '../guilds/guild-membership.ts';
import { myGuild, guildDetail } from '../guilds/guild-views.ts';
import { canClaim, claimPrize, myWinnings } from '../payouts/winnings.ts';
import { listPayouts, reviewPayout } from '../payouts/payout-review.ts';
import { signIn } from './sign-in.ts';
import { createSession, endSession, hashToken, sessionUser } from './sessions.ts';
import {
  deleteAccount,
  GUILD_ADMIN_DELETE_MESSAGE,
  PAYOUT_IN_PROGRESS_MESSAGE,
  setRole,
  updateProfile,
  userTotals,
} from './profile.ts';

const join = (deps: TestDeps, email: string, googleSub: string | null = null, adminEmails: string[] = []) =>
  signIn(deps, { googleSub, email, displayName: `Name of ${email.split('@')[0] ?? ''}`, adminEmails });

describe('signIn', () => {
  it('creates a player with a referral code, then finds them again', async () => {
    const deps = makeDeps();
    const first = await join(deps, 'ann@example.com', 'sub-ann');
    expect(first.isNew).toBe(true);
    expect(first.user).toMatchObject({
      email: 'ann@example.com',
      displayName: 'Name of ann',
      role: 'player',
      googleSub: 'sub-ann',
      isBot: false,
    });
    expect(first.user.referralCode).toMatch(/^[A-Z0-9]{12}$/);
    const again = await signIn(deps, {
      googleSub: 'sub-ann',
      email: 'changed@example.com',
      displayName: 'Other',
      adminEmails: [],
    });
    // Same account; the verified e-mail follows what Google vouches for now, the contact e-mail stays.
    expect(again).toEqual({ user: { ...first.user, verifiedEmail: 'changed@example.com' }, isNew: false });
    expect((await deps.store.read((r) => r.users.count())).users).toBe(1);
  });

  it('finds a dev user by e-mail case-insensitively and links a Google sub later', async () => {
    const deps = makeDeps();
    const dev = await join(deps, 'Bob@Example.com');
    expect(dev.user.googleSub).toBeNull();
    const dev2 = await join(deps, 'bob@example.com');
    expect(dev2.user.id).toBe(dev.user.id);
    const google = await join(deps, 'bob@example.com', 'sub-bob');
    expect(google).toMatchObject({ isNew: false, user: { id: dev.user.id, googleSub: 'sub-bob' } });
    expect((await rejection(join(deps, 'bob@example.com', 'sub-other'))).code).toBe('CONFLICT');
  });

  it('keeps the verified e-mail apart: a contact e-mail typed into a profile identifies nobody', async () => {
    const deps = makeDeps();
    const mallory = await join(deps, 'mallory@example.com');
    expect(mallory.user).toMatchObject({ email: 'mallory@example.com', verifiedEmail: 'mallory@example.com' });
    await updateProfile(deps, mallory.user.id, { email: 'boss@example.com', displayName: 'Mallory' });
    // The CLI matches the verified e-mail only.
    expect((await rejection(setRole(deps, 'boss@example.com', 'admin'))).code).toBe('NOT_FOUND');
    // The real boss signs in: a new admin account that takes its address back; Mallory stays a player.
    const boss = await join(deps, 'boss@example.com', 'sub-boss', ['boss@example.com']);
    expect(boss).toMatchObject({
      isNew: true,
      user: { email: 'boss@example.com', verifiedEmail: 'boss@example.com', role: 'admin' },
    });
    expect(boss.user.id).not.toBe(mallory.user.id);
    expect(await deps.store.read((r) => r.users.byId(mallory.user.id))).toMatchObject({
      email: 'mallory@example.com',
      role: 'player',
    });
    // Nor can Mallory take a signed-in player's address afterwards.
    const taken = await rejection(
      updateProfile(deps, mallory.user.id, { email: 'BOSS@example.com', displayName: 'Mallory' }),
    );
    expect(taken.code).toBe('EMAIL_TAKEN');
    expect((await join(deps, 'mallory@example.com', null, ['boss@example.com'])).user.role).toBe('player');
  });

  it('lets a dev sign-in claim an account made before verified e-mails, but never a Google sign-in', async () => {
    const deps = makeDeps();
    await createUser(deps, { id: 'old-dev', email: 'old@example.com' });
    const google = await rejection(join(deps, 'old@example.com', 'sub-old'));
    expect(google).toMatchObject({ code: 'CONFLICT', message: 'This e-mail address is in use by another account' });
    const dev = await join(deps, 'old@example.com');
    expect(dev).toMatchObject({ isNew: false, user: { id: 'old-dev', verifiedEmail: 'old@example.com' } });
    // Claimed, it links to Google like any dev account.
    expect((await join(deps, 'old@example.com', 'sub-old')).user).toMatchObject({
      id: 'old-dev',
      googleSub: 'sub-old',
    });
    // A bot's address signs into nothing.
    await createUser(deps, { id: 'bot:0001', email: 'bot-0001@bots.invalid', isBot: true });
    expect((await rejection(join(deps, 'bot-0001@bots.invalid'))).code).toBe('FORBIDDEN');
    expect((await rejection(join(deps, 'bot-0001@bots.invalid', 'sub-bot'))).code).toBe('CONFLICT');
  });

  it('gives the admin role from ADMIN_EMAILS and never takes it away', async () => {
    const deps = makeDeps();
    const admin = await join(deps, 'Boss@Example.com', null, [' boss@example.com ']);
    expect(admin.user.role).toBe('admin');
    expect((await join(deps, 'boss@example.com', null, [])).user.role).toBe('admin');
    const later = await join(deps, 'late@example.com');
    expect(later.user.role).toBe('player');
    expect((await join(deps, 'late@example.com', null, ['LATE@example.com'])).user.role).toBe('admin');
  });

  it('falls back to the e-mail for a missing display name and refuses a bad e-mail', async () => {
    const deps = makeDeps();
    const { user } = await signIn(deps, {
      googleSub: null,
      email: 'carol@example.com',
      displayName: ' ',
      adminEmails: [],
    });
    expect(user.displayName).toBe('carol');
    expect(
      (await rejection(signIn(deps, { googleSub: null, email: 'nope', displayName: 'X', adminEmails: [] }))).message,
    ).toBe('Invalid email address');
  });

  it('gives different players different referral codes', async () => {
    const deps = makeDeps();
    const codes = new Set<string>();
    for (let i = 0; i < 20; i += 1) codes.add((await join(deps, `p${i}@example.com`)).user.referralCode);
    expect(codes.size).toBe(20);
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of a 256-bit token and resolves it to the user', async () => {
    const deps = makeDeps();
    const { user } = await join(deps, 'ann@example.com');
    const { token, expiresAt } = await createSession(deps, user.id, 30);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(expiresAt).toBe('2026-12-20T12:00:00.000Z');
    const stored = (await deps.store.read((r) => r.sessions.withUser(token)))?.session ?? null;
    expect(stored).toBeNull();
    const hash = hashToken(deps, token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(deps, 'abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect((await sessionUser(deps, token, 30))?.id).toBe(user.id);
    expect(await sessionUser(deps, 'f'.repeat(64), 30)).toBeNull();
    expect(await sessionUser(deps, '', 30)).toBeNull();
  });

  it('slides the expiry and expires an idle session', async () => {
    const deps = makeDeps();
    const { user } = await join(deps, 'ann@example.com');
    const { token } = await createSession(deps, user.id, 30);
    const hash = hashToken(deps, token);
    deps.clock.advance(10 * 24 * 3600_000);
    expect((await sessionUser(deps, token, 30))?.id).toBe(user.id);
    expect((await deps.store.read((r) => r.sessions.withUser(hash)))?.session.expiresAt).toBe(
      '2026-12-30T12:00:00.000Z',
    );
    deps.clock.advance(30 * 24 * 3600_000);
    expect(await sessionUser(deps, token, 30)).toBeNull();
    expect((await deps.store.read((r) => r.sessions.withUser(hash)))?.session ?? null).toBeNull();
  });

  it('ends a session', async () => {
    const deps = makeDeps();
    const { user } = await join(deps, 'ann@example.com');
    const a = await createSession(deps, user.id, 30);
    const b = await createSession(deps, user.id, 30);
    expect(a.token).not.toBe(b.token);
    await endSession(deps, a.token);
    expect(await sessionUser(deps, a.token, 30)).toBeNull();
    expect((await sessionUser(deps, b.token, 30))?.id).toBe(user.id);
  });
});

describe('updateProfile and totals', () => {
  it('updates trimmed fields and enforces the spec rules', async () => {
    const deps = makeDeps();
    const { user } = await join(deps, 'ann@example.com');
    await join(deps, 'taken@example.com');
    expect(await updateProfile(deps, user.id, { email: ' ann2@example.com ', displayName: ' Annie ' })).toEqual({
      id: user.id,
      email: 'ann2@example.com',
      displayName: 'Annie',
      role: 'player',
      emailNotifications: true,
      dailyReminder: false,
      // The new address waits for its link: mails keep going to the address the sign-in verified.
      emailVerified: false,
      mailAddress: 'ann@example.com',
    });
    expect(
      (await rejection(updateProfile(deps, user.id, { email: 'ann@example.com', displayName: 'A' }))).message,
    ).toBe('Display name must be at least 2 characters');
    expect(
      (await rejection(updateProfile(deps, user.id, { email: 'not-an-email', displayName: 'Annie' }))).message,
    ).toBe('Invalid email address');
    expect(
      (await rejection(updateProfile(deps, user.id, { email: 'TAKEN@example.com', displayName: 'Annie' }))).code,
    ).toBe('EMAIL_TAKEN');
    expect((await rejection(updateProfile(deps, 'ghost', { email: 'g@example.com', displayName: 'Ghost' }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('reads the totals from the player stats', async () => {
    const deps = makeDeps();
    const { user } = await join(deps, 'ann@example.com');
    expect(await userTotals(deps, user.id)).toEqual({ entriesCount: 0, winsCount: 0, currentStreak: 0, bestStreak: 0 });
    await submitEntry(deps, { userId: user.id, number: 4 });
    const { game } = await currentGame(deps);
    await closeGame(deps, game.key);
    expect(await userTotals(deps, user.id)).toEqual({ entriesCount: 1, winsCount: 1, currentStreak: 1, bestStreak: 1 });
  });
});

describe('setRole', () => {
  it('promotes by e-mail', async () => {
    const deps = makeDeps();
    await join(deps, 'ann@example.com');
    expect((await setRole(deps, 'ANN@example.com', 'admin')).role).toBe('admin');
    expect((await rejection(setRole(deps, 'nobody@example.com', 'admin'))).code).toBe('NOT_FOUND');
  });
});

describe('deleteAccount', () => {
  it('removes the person but keeps every entry, in the open game too, detached', async () => {
    const deps = makeDeps();
    const ann = (await join(deps, 'ann@example.com')).user;
    const bob = (await join(deps, 'bob@example.com')).user;
    await submitEntry(deps, { userId: ann.id, number: 1 });
    await submitEntry(deps, { userId: bob.id, number: 1 });
    const first = await currentGame(deps);
    await closeGame(deps, first.game.key);
    deps.clock.advance(24 * 3600_000);
    const second = await currentGame(deps);
    expect(second.game.key).not.toBe(first.game.key);
    await submitEntry(deps, { userId: ann.id, number: 9 });
    const { token } = await createSession(deps, ann.id, 30);

    expect(await deleteAccount(deps, ann.id)).toEqual({ message: 'Account deleted' });

    expect(await deps.store.read((r) => r.users.byId(ann.id))).toBeNull();
    expect(await sessionUser(deps, token, 30)).toBeNull();
    expect(await deps.store.read((r) => r.entries.forPlayer(second.game.key, ann.id))).toEqual([]);
    const page = await deps.store.read((r) => r.admin.submissions(first.game.key, 0, 10));
    expect(page.totalCount).toBe(2);
    expect(page.rows.filter((row) => row.userId === null)).toHaveLength(1);
    expect((await deps.store.read((r) => r.admin.submissions(second.game.key, 0, 10))).rows).toMatchObject([
      { number: 9, userId: null, userDisplayName: null, userEmail: null },
    ]);
    expect((await rejection(deleteAccount(deps, ann.id))).code).toBe('NOT_FOUND');
    expect(await join(deps, 'ann@example.com')).toMatchObject({ isNew: true });
  });

  it('refuses while a payout is in progress, and keeps an unclaimed winning nobody can claim any more', async () => {
    const deps = makeDeps();
    const ann = (await join(deps, 'ann@example.com')).user;
    await submitEntry(deps, { userId: ann.id, number: 3 });
    const { game } = await currentGame(deps);
    await closeGame(deps, game.key);
    expect((await myWinnings(deps, ann.id)).winnings).toMatchObject([{ canClaim: true }]);
    await deleteAccount(deps, ann.id);
    const kept = await deps.store.read((r) => r.winnings.byGame(game.key));
    expect(kept).toMatchObject({ userId: null, prize: { amountCents: expect.any(Number) } });
    expect(canClaim(kept ?? { userId: 'x' }, null)).toBe(false);

    const bob = (await join(deps, 'bob@example.com')).user;
    deps.clock.advance(24 * 3600_000);
    await submitEntry(deps, { userId: bob.id, number: 3 });
    const next = (await currentGame(deps)).game;
    await closeGame(deps, next.key);
    const { payoutId } = await claimPrize(deps, {
      userId: bob.id,
      gameId: next.key,
      paypalEmail: 'b@pay.test',
      preferredName: 'Bob',
    });
    for (const step of ['pending_review', 'approved'] as const) {
      if (step === 'approved') await reviewPayout(deps, { adminId: 'admin', payoutId, status: 'approved' });
      expect(await rejection(deleteAccount(deps, bob.id))).toMatchObject({
        code: 'CONFLICT',
        message: PAYOUT_IN_PROGRESS_MESSAGE,
      });
      expect(await deps.store.read((r) => r.users.byId(bob.id))).not.toBeNull();
    }
  });

  it('keeps a paid winning, detached from the deleted player', async () => {
    const deps = makeDeps();
    const ann = (await join(deps, 'ann@example.com')).user;
    await submitEntry(deps, { userId: ann.id, number: 3 });
    const { game } = await currentGame(deps);
    await closeGame(deps, game.key);
    const { payoutId } = await claimPrize(deps, {
      userId: ann.id,
      gameId: game.key,
      paypalEmail: 'a@pay.test',
      preferredName: 'Ann',
    });
    await reviewPayout(deps, { adminId: 'admin', payoutId, status: 'approved' });
    await reviewPayout(deps, { adminId: 'admin', payoutId, status: 'paid', paymentReference: 'TX' });
    await deleteAccount(deps, ann.id);
    expect((await deps.store.read((r) => r.winnings.byGame(game.key)))?.userId).toBeNull();
    expect((await listPayouts(deps, 'admin')).payouts).toMatchObject([
      { id: payoutId, status: 'paid', playerName: null, playerEmail: null, paymentReference: 'TX' },
    ]);
  });

  it('refuses a guild admin with members, deletes a sole admin guild, releases a member', async () => {
    const deps = makeDeps();
    const ann = (await join(deps, 'ann@example.com')).user;
    const bob = (await join(deps, 'bob@example.com')).user;
    const cat = (await join(deps, 'cat@example.com')).user;
    const { guild } = await createGuild(deps, { userId: ann.id, name: 'Anns', password: 'pass' });
    await joinGuild(deps, { userId: bob.id, guildId: guild.id, password: 'pass' });
    expect(await rejection(deleteAccount(deps, ann.id))).toMatchObject({
      code: 'CONFLICT',
      message: GUILD_ADMIN_DELETE_MESSAGE,
    });
    expect(await deps.store.read((r) => r.users.byId(ann.id))).not.toBeNull();

    await deleteAccount(deps, bob.id);
    expect((await guildDetail(deps, guild.id)).members.map((m) => m.userId)).toEqual([ann.id]);

    const solo = await createGuild(deps, { userId: cat.id, name: 'Cats', password: 'pass' });
    await deleteAccount(deps, cat.id);
    expect((await rejection(guildDetail(deps, solo.guild.id))).code).toBe('NOT_FOUND');
    expect((await myGuild(deps, ann.id)).guild?.id).toBe(guild.id);
  });
});
