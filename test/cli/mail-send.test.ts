// `lowest close` and `lowest mail send` with SMTP_URL pointing at a real SMTP server in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGameConfig } from '../../core/config.ts';
import { closeInstantAfter, gameDateOf, previousDate } from '../../core/game/calendar.ts';
import { openRuntime } from '../../cli/runtime.ts';
import { mailSendCommand } from '../../cli/commands/mail.ts';
import { silentProgress } from '../../cli/progress-bar.ts';
import { sealEntry } from '../../core/fairness/hashes.ts';
import { createUser } from '../support/fakes.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { parseJson, runInProcess, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
let smtp: SmtpCatcher;
let env: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  env = {
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://lowest.example',
    MAIL_FROM: 'LOWEST UNIQUE <games@lowest.example>',
  };
});
afterAll(async () => {
  await smtp.close();
  db.remove();
});

const yesterday = previousDate(gameDateOf(closeInstantAfter(new Date(), defaultGameConfig), defaultGameConfig));

describe('lowest mail send and the close’s delivery pass', { timeout: 90_000 }, () => {
  it('mail send refuses to run without SMTP_URL (exit 1), mails wait', async () => {
    const run = await runInProcess(['mail', 'send'], { DATABASE_URL: db.url });
    expect([run.code, run.stderr]).toEqual([
      1,
      'Error: SMTP_URL is not set, so nothing can be sent: mails wait in the outbox.\n',
    ]);
  });

  it('close delivers the winner’s mail at once, with the link to PUBLIC_URL/winnings', async () => {
    expect((await runInProcess(['open', yesterday], env)).code).toBe(0);
    const runtime = await openRuntime(env);
    try {
      const ann = await createUser(runtime.deps, {
        id: 'ann',
        email: 'ann@example.test',
        verifiedEmail: 'ann@example.test',
        displayName: 'Ann',
      });
      const bob = await createUser(runtime.deps, {
        id: 'bob',
        email: 'bob@example.test',
        verifiedEmail: 'bob@example.test',
        displayName: 'Bob',
      });
      await runtime.deps.store.write(async (r) => {
        for (const [user, number] of [
          [ann.id, 4],
          [bob.id, 9],
        ] as const) {
          const id = `e-${user}`;
          const sealed = sealEntry(runtime.deps.digest, runtime.deps.random, yesterday, id, number);
          await r.entries.add({
            id,
            gameKey: yesterday,
            userId: user,
            number,
            entryType: 'standard',
            submittedAt: new Date().toISOString(),
            ...sealed,
          });
        }
      });
    } finally {
      await runtime.close();
    }
    const run = await runInProcess(['close'], env);
    expect([run.code, run.stdout]).toEqual([0, `Closed game: ${yesterday}\nMail: 1 sent.\n`]);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail).toMatchObject({
      from: 'games@lowest.example',
      to: ['ann@example.test'],
      subject: `You won LOWEST UNIQUE on ${yesterday}`,
    });
    expect(mail?.text).toContain('Your number 4 was the lowest number nobody else picked');
    expect(mail?.text).toContain('Claim it here: https://lowest.example/winnings');
    expect((await runInProcess(['mail', 'list'], env)).stdout).toContain(
      `sent     ann@example.test  You won LOWEST UNIQUE on ${yesterday}`,
    );
  });

  it('mail send delivers what is due; a refused recipient shows in mail list --failed with the error', async () => {
    const runtime = await openRuntime(env);
    try {
      const now = new Date().toISOString();
      await runtime.deps.store.write(async (r) => {
        await r.outbox.add({ id: 'good', to: 'cat@example.test', subject: 'Hello Cat', body: 'Hi', createdAt: now });
        await r.outbox.add({ id: 'bad', to: 'ghost@example.test', subject: 'Hello Ghost', body: 'Hi', createdAt: now });
      });
    } finally {
      await runtime.close();
    }
    smtp.setRule((to) => (to === 'ghost@example.test' ? { code: 550, message: 'No such user here' } : null));
    const run = await runInProcess(['mail', 'send', '--json'], env);
    expect(run.code).toBe(0);
    expect(parseJson(run.stdout)).toEqual({
      delivery: { reminders: 0, dailyReminders: 0, sent: 1, retrying: 0, failed: 1, lost: 0 },
      outbox: { backlog: 0, failed: 1 },
    });
    expect(smtp.mails.map((m) => m.to[0])).toEqual(['ann@example.test', 'cat@example.test']);
    const failed = await runInProcess(['mail', 'list', '--failed'], env);
    expect(failed.stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}failed {3}ghost@example\.test {2}Hello Ghost\n {4}.*550.*No such user here/,
    );
    expect(failed.stdout.split('\n').filter((l) => l.includes('@'))).toHaveLength(1);
  });

  it('mail send queues the daily reminder REMINDER_MINUTES before the deadline and delivers it, once a day', async () => {
    const reminderEnv = { ...env, REMINDER_MINUTES: '60' };
    const runtime = await openRuntime(reminderEnv);
    try {
      const deadline = closeInstantAfter(new Date(), defaultGameConfig);
      const dee = await createUser(runtime.deps, {
        id: 'dee',
        email: 'dee@example.test',
        verifiedEmail: 'dee@example.test',
        displayName: 'Dee',
      });
      await runtime.deps.store.write((r) => r.users.setMailSettings(dee.id, { dailyReminder: true }));
      const send = () =>
        mailSendCommand.run({
          args: [],
          options: {},
          env: reminderEnv,
          open: () => Promise.resolve(runtime),
          progress: () => silentProgress,
          write: () => Promise.resolve(),
        });
      const before = smtp.mails.length;

      runtime.clock.set(new Date(deadline.getTime() - 90 * 60_000));
      expect((await send()).data).toMatchObject({ delivery: { dailyReminders: 0, sent: 0 } });

      runtime.clock.set(new Date(deadline.getTime() - 30 * 60_000));
      const due = await send();
      expect(due.data).toMatchObject({ delivery: { dailyReminders: 1, sent: 1 } });
      expect(due.text).toContain('daily reminders queued 1');
      expect(smtp.mails.slice(before).map((m) => [m.to[0], m.subject])).toEqual([
        [
          'dee@example.test',
          `LOWEST UNIQUE: the game of ${gameDateOf(deadline, defaultGameConfig)} closes in 30 minutes`,
        ],
      ]);

      runtime.clock.set(new Date(deadline.getTime() - 10 * 60_000));
      expect((await send()).data).toMatchObject({ delivery: { dailyReminders: 0, sent: 0 } });
    } finally {
      await runtime.close();
    }
  });
});
