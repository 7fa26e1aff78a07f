import { describe, expect, it } from 'vitest';
import { createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { closeGame } from '../game/close.ts';
import { claimPrize } from '../payouts/winnings.ts';
import { updateProfile } from '../accounts/profile.ts';
import { queueClaimReminders, REMINDER_AFTER_MS } from './notifications.ts';

const CLOSE = '2026-11-21T00:00:00.000Z';

/** ann wins 2026-11-20 (a Friday, $50 cash) with 2; bob's 1 is not unique. */
const wonDay = async (options: { annIsBot?: boolean; prizeOff?: boolean } = {}): Promise<TestDeps> => {
  const deps = makeDeps();
  deps.config.publicUrl = 'https://lowest.example';
  await createUser(deps, {
    id: 'ann',
    email: 'ann@example.test',
    verifiedEmail: 'ann@example.test',
    displayName: 'Ann',
    isBot: options.annIsBot ?? false,
  });
  await createUser(deps, { id: 'bob' });
  await createUser(deps, { id: 'cat' });
  if (options.prizeOff) {
    await deps.store.write((r) =>
      r.prizes.upsert({
        id: 'off',
        dayOfWeek: null,
        date: '2026-11-20',
        isActive: false,
        prizeType: 'cash',
        amountCents: 0,
        currency: 'USD',
        description: '',
        updatedAt: CLOSE,
      }),
    );
  }
  await submitEntry(deps, { userId: 'ann', number: 2 });
  await submitEntry(deps, { userId: 'bob', number: 1 });
  await submitEntry(deps, { userId: 'cat', number: 1 });
  return deps;
};

const close = async (deps: TestDeps) => {
  deps.clock.set(CLOSE);
  await closeGame(deps, '2026-11-20');
};
const outbox = (deps: TestDeps) => deps.store.read((r) => r.outbox.list(50));

describe('the winner’s mail', () => {
  it('is written by the close: subject, number, prize and the link to /winnings; nobody else gets one', async () => {
    const deps = await wonDay();
    await close(deps);
    const mails = await outbox(deps);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'ann@example.test',
      subject: 'You won LOWEST UNIQUE on 2026-11-20',
      status: 'pending',
      createdAt: CLOSE,
    });
    expect(mails[0]?.body).toBe(
      'Hi Ann,\n\nYour number 2 was the lowest number nobody else picked in the game of 2026-11-20: you won!\n\n' +
        'Your prize: $50.00 cash prize (Friday Cash Prize).\nClaim it here: https://lowest.example/winnings\n',
    );
    // A second close changes nothing, so no second mail.
    await closeGame(deps, '2026-11-20');
    expect(await outbox(deps)).toHaveLength(1);
  });

  it('goes to a winner who turned reminders off (it is about money), never to a bot', async () => {
    const deps = await wonDay();
    await updateProfile(deps, 'ann', { email: 'ann@example.test', displayName: 'Ann', emailNotifications: false });
    await close(deps);
    expect((await outbox(deps)).map((m) => m.to)).toEqual(['ann@example.test']);

    const bots = await wonDay({ annIsBot: true });
    await close(bots);
    expect(await outbox(bots)).toEqual([]);
  });

  it('on a day without a prize says so, and is a reminder-kind mail the player can turn off', async () => {
    const deps = await wonDay({ prizeOff: true });
    await close(deps);
    const [mail] = await outbox(deps);
    expect(mail?.body).toContain(
      'No prize was offered that day, but the win counts on the leaderboard: https://lowest.example/leaderboard',
    );

    const quiet = await wonDay({ prizeOff: true });
    await updateProfile(quiet, 'ann', { email: 'ann@example.test', displayName: 'Ann', emailNotifications: false });
    await close(quiet);
    expect(await outbox(quiet)).toEqual([]);
  });
});

describe('queueClaimReminders', () => {
  const reminders = async (deps: TestDeps) => (await outbox(deps)).filter((m) => m.subject.includes('is waiting'));

  it('queues one reminder 3 days after the close while the winning is unclaimed', async () => {
    const deps = await wonDay();
    await close(deps);
    deps.clock.set(new Date(Date.parse(CLOSE) + REMINDER_AFTER_MS - 1));
    expect(await queueClaimReminders(deps)).toBe(0);
    deps.clock.set(new Date(Date.parse(CLOSE) + REMINDER_AFTER_MS));
    expect(await queueClaimReminders(deps)).toBe(1);
    expect(await queueClaimReminders(deps)).toBe(0);
    deps.clock.set(new Date(Date.parse(CLOSE) + 10 * REMINDER_AFTER_MS));
    expect(await queueClaimReminders(deps)).toBe(0);
    const [mail] = await reminders(deps);
    expect(mail).toMatchObject({
      to: 'ann@example.test',
      subject: 'LOWEST UNIQUE: your prize for 2026-11-20 is waiting',
    });
    expect(mail?.body).toContain(
      'have not claimed your $50.00 cash prize (Friday Cash Prize) yet.\n\nClaim it here: https://lowest.example/winnings',
    );
    expect(await reminders(deps)).toHaveLength(1);
  });

  it('none once the prize is claimed, none for a player who turned reminders off', async () => {
    const deps = await wonDay();
    await close(deps);
    await claimPrize(deps, {
      userId: 'ann',
      gameId: '2026-11-20',
      paypalEmail: 'ann@paypal.test',
      preferredName: 'Ann',
    });
    deps.clock.set(new Date(Date.parse(CLOSE) + REMINDER_AFTER_MS));
    expect(await queueClaimReminders(deps)).toBe(0);

    const quiet = await wonDay();
    await close(quiet);
    await updateProfile(quiet, 'ann', { email: 'ann@example.test', displayName: 'Ann', emailNotifications: false });
    quiet.clock.set(new Date(Date.parse(CLOSE) + REMINDER_AFTER_MS));
    expect(await queueClaimReminders(quiet)).toBe(0);
    expect(await reminders(quiet)).toEqual([]);
    // Turning reminders back on later does not resend a reminder that was due while they were off.
    await updateProfile(quiet, 'ann', { email: 'ann@example.test', displayName: 'Ann', emailNotifications: true });
    expect(await queueClaimReminders(quiet)).toBe(0);
  });
});
