import { describe, expect, it } from 'vitest';
import { createUser, makeDeps, rejection, type TestDeps } from '../../test/support/fakes.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { queueDailyReminders, turnOffDailyReminder, UNSUBSCRIBE_PATH } from './daily-reminder.ts';

const TWO_HOURS = 120 * 60_000;
// The 2026-11-20 game closes at 2026-11-21T00:00Z (10:00 Brisbane).
const WINDOW_OPENS = '2026-11-20T22:00:00.000Z';

/** ann and bob opted in, cat did not; dan opted in but has no verified address; a bot opted in. */
const players = async (): Promise<TestDeps> => {
  const deps = makeDeps();
  deps.config.publicUrl = 'https://lowest.example';
  for (const id of ['ann', 'bob', 'cat'])
    await createUser(deps, { id, verifiedEmail: `${id}@example.test`, displayName: id.toUpperCase() });
  await createUser(deps, { id: 'dan' });
  await createUser(deps, { id: 'bot:1', isBot: true });
  await deps.store.write(async (r) => {
    for (const id of ['ann', 'bob', 'dan', 'bot:1']) await r.users.setMailSettings(id, { dailyReminder: true });
  });
  return deps;
};

const reminders = async (deps: TestDeps) =>
  (await deps.store.read((r) => r.outbox.list(50))).filter((m) => m.subject.includes('closes in'));

describe('queueDailyReminders', () => {
  it('waits until REMINDER_MINUTES before the deadline, then mails each opted-in player who has not played, once', async () => {
    const deps = await players();
    await submitEntry(deps, { userId: 'bob', number: 7 });
    deps.clock.set(new Date(Date.parse(WINDOW_OPENS) - 1));
    expect(await queueDailyReminders(deps, TWO_HOURS)).toBe(0);
    deps.clock.set(WINDOW_OPENS);
    expect(await queueDailyReminders(deps, TWO_HOURS)).toBe(1);
    deps.clock.advance(30 * 60_000);
    expect(await queueDailyReminders(deps, TWO_HOURS)).toBe(0);
    const [mail, ...others] = await reminders(deps);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: 'ann@example.test',
      subject: 'LOWEST UNIQUE: the game of 2026-11-20 closes in about 2 hours',
    });
    expect(mail?.body).toMatch(
      /^Hi ANN,\n\nYou have not picked a number in the game of 2026-11-20 yet\. It closes in about 2 hours\.\n\nPlay: https:\/\/lowest\.example\/\n\n.*Turn it off \(no sign-in needed\): https:\/\/lowest\.example\/auth\/unsubscribe\?token=ann\.[0-9a-f]{64}\n$/s,
    );
  });

  it('goes again the next day, to whoever has not played that day', async () => {
    const deps = await players();
    deps.clock.set(WINDOW_OPENS);
    expect(await queueDailyReminders(deps, TWO_HOURS)).toBe(2);
    deps.clock.set('2026-11-21T23:30:00.000Z');
    expect(await queueDailyReminders(deps, TWO_HOURS)).toBe(2);
    expect((await reminders(deps)).map((m) => m.subject)).toEqual([
      'LOWEST UNIQUE: the game of 2026-11-21 closes in 30 minutes',
      'LOWEST UNIQUE: the game of 2026-11-21 closes in 30 minutes',
      'LOWEST UNIQUE: the game of 2026-11-20 closes in about 2 hours',
      'LOWEST UNIQUE: the game of 2026-11-20 closes in about 2 hours',
    ]);
  });

  it('only to a verified address: a changed contact e-mail waits for its link', async () => {
    const deps = await players();
    await deps.store.write((r) => r.users.update('ann', { email: 'ann@elsewhere.example' }));
    deps.clock.set(WINDOW_OPENS);
    await queueDailyReminders(deps, TWO_HOURS);
    expect((await reminders(deps)).map((m) => m.to).sort()).toEqual(['ann@example.test', 'bob@example.test']);
  });
});

describe('the unsubscribe link', () => {
  const tokenOf = async (deps: TestDeps, to: string): Promise<string> => {
    const body = (await reminders(deps)).find((m) => m.to === to)?.body ?? '';
    return new RegExp(`${UNSUBSCRIBE_PATH}\\?token=(\\S+)`).exec(body)?.[1] ?? '';
  };

  it('turns only the daily reminder off, only for the player it was made for', async () => {
    const deps = await players();
    deps.clock.set(WINDOW_OPENS);
    await queueDailyReminders(deps, TWO_HOURS);
    await turnOffDailyReminder(deps, await tokenOf(deps, 'ann@example.test'));
    expect(await deps.store.read((r) => r.users.mailSettings('ann'))).toEqual({
      newsOptOut: false,
      dailyReminder: false,
      contactEmailConfirmed: false,
    });
    expect((await deps.store.read((r) => r.users.mailSettings('bob'))).dailyReminder).toBe(true);
  });

  it('refuses a forged or altered token', async () => {
    const deps = await players();
    deps.clock.set(WINDOW_OPENS);
    await queueDailyReminders(deps, TWO_HOURS);
    const token = await tokenOf(deps, 'ann@example.test');
    for (const forged of [
      token.replace(/^ann\./, 'bob.'),
      `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`,
      'bob',
      '',
      `bob.${'0'.repeat(64)}`,
    ]) {
      expect((await rejection(turnOffDailyReminder(deps, forged))).message).toBe(
        'This unsubscribe link is not valid. Turn the reminder off on your profile instead.',
      );
    }
    expect((await deps.store.read((r) => r.users.mailSettings('bob'))).dailyReminder).toBe(true);
  });
});
