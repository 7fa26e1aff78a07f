// Contract: delivering the outbox through a real SMTP server (in this process) on every adapter: delivered,
// retried with backoff, dead-lettered, never sent twice by concurrent workers, re-sent after a crash.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  CLAIM_MS,
  deliverDueMails,
  MAX_ATTEMPTS,
  mailQueueStatus,
  retryDelayMs,
} from '../../core/mail/deliver-mails.ts';
import type { Deps } from '../../core/deps.ts';
import type { Store } from '../../core/ports.ts';
import { SmtpMailSender } from '../../adapters/mail/smtp-sender.ts';
import { FixedClock, SeededRandom } from '../support/fakes.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { contract } from './harness.ts';

const FROM = 'LOWEST UNIQUE <no-reply@lowest.test>';
let smtp: SmtpCatcher;
let sender: SmtpMailSender;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  sender = new SmtpMailSender(smtp.url, FROM);
});
afterAll(async () => {
  sender.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  smtp.refusals.length = 0;
  smtp.setRule(() => null);
});

const START = '2026-11-20T12:00:00.000Z';
const workerDeps = (store: Store, clock: FixedClock, seed = 1): Pick<Deps, 'store' | 'clock' | 'random'> => ({
  store,
  clock,
  random: new SeededRandom(seed),
});

const queue = async (store: Store, n: number, to = `p${n}@example.test`) =>
  store.write((r) =>
    r.outbox.add({
      id: `m${String(n).padStart(3, '0')}`,
      to,
      subject: `You won LOWEST UNIQUE on 2026-11-2${n % 10}`,
      body: `Claim it at http://localhost:3000/winnings (mail ${n}).`,
      createdAt: START,
    }),
  );

contract('mail delivery', ({ store, adapter }) => {
  it('delivers a due mail to its recipient with its subject and link, and marks it sent', async () => {
    const clock = new FixedClock(START);
    await queue(store(), 1);
    expect(await mailQueueStatus({ store: store() })).toEqual({ backlog: 1, failed: 0 });
    expect(await deliverDueMails(workerDeps(store(), clock), sender)).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      lost: 0,
    });
    expect(smtp.mails).toEqual([
      {
        from: 'no-reply@lowest.test',
        to: ['p1@example.test'],
        subject: 'You won LOWEST UNIQUE on 2026-11-21',
        text: 'Claim it at http://localhost:3000/winnings (mail 1).',
      },
    ]);
    const [row] = await store().read((r) => r.outbox.list(10));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentAt: START, lastError: null });
    expect(await mailQueueStatus({ store: store() })).toEqual({ backlog: 0, failed: 0 });
    // Nothing is due any more: a second pass sends nothing.
    expect((await deliverDueMails(workerDeps(store(), clock), sender)).sent).toBe(0);
    expect(smtp.mails).toHaveLength(1);
  });

  it('a temporary 4xx is retried after a minute and then delivered', async () => {
    const clock = new FixedClock(START);
    await queue(store(), 2);
    smtp.setRule(() => ({ code: 451, message: 'Try again later' }));
    expect(await deliverDueMails(workerDeps(store(), clock), sender)).toMatchObject({ retrying: 1, sent: 0 });
    const [waiting] = await store().read((r) => r.outbox.list(10));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: '2026-11-20T12:01:00.000Z' });
    expect(waiting?.lastError).toContain('451');

    smtp.setRule(() => null);
    clock.advance(59_000);
    expect((await deliverDueMails(workerDeps(store(), clock), sender)).sent).toBe(0);
    clock.advance(1_000);
    expect((await deliverDueMails(workerDeps(store(), clock), sender)).sent).toBe(1);
    expect(smtp.refusals).toEqual(['451 p2@example.test']);
    expect(smtp.mails.map((m) => m.to)).toEqual([['p2@example.test']]);
  });

  it('backs off 1 min doubling up to 1 h, and dead-letters after 8 failures', async () => {
    const clock = new FixedClock(START);
    await queue(store(), 3);
    smtp.setRule(() => ({ code: 421, message: 'Busy' }));
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const report = await deliverDueMails(workerDeps(store(), clock), sender);
      const [row] = await store().read((r) => r.outbox.list(1));
      if (attempt < MAX_ATTEMPTS) {
        expect(report.retrying, `attempt ${attempt}`).toBe(1);
        const wait = Date.parse(row?.nextAttemptAt ?? '') - clock.now().getTime();
        waits.push(wait / 60_000);
        clock.advance(wait);
      } else {
        expect(report.failed).toBe(1);
        expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect(await mailQueueStatus({ store: store() })).toEqual({ backlog: 0, failed: 1 });
    expect((await store().read((r) => r.outbox.list(10, 'failed'))).map((m) => m.id)).toEqual(['m003']);
    clock.advance(24 * 3_600_000);
    expect(await deliverDueMails(workerDeps(store(), clock), sender)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      lost: 0,
    });
  });

  it('a permanent 5xx dead-letters the mail at once; other mails still go', async () => {
    const clock = new FixedClock(START);
    await queue(store(), 4, 'nobody@example.test');
    await queue(store(), 5);
    smtp.setRule((to) => (to === 'nobody@example.test' ? { code: 550, message: 'No such user' } : null));
    expect(await deliverDueMails(workerDeps(store(), clock), sender)).toEqual({
      sent: 1,
      retrying: 0,
      failed: 1,
      lost: 0,
    });
    const dead = await store().read((r) => r.outbox.list(10, 'failed'));
    expect(dead).toEqual([expect.objectContaining({ id: 'm004', attempts: 1, status: 'failed' })]);
    expect(dead[0]?.lastError).toContain('550');
    expect(smtp.mails.map((m) => m.to)).toEqual([['p5@example.test']]);
  });

  it('concurrent workers never send one mail twice', async () => {
    const clock = new FixedClock(START);
    const count = adapter === 'memory' ? 30 : 40;
    for (let n = 1; n <= count; n += 1) await queue(store(), n);
    const reports = await Promise.all(
      [1, 2, 3].map((seed) => deliverDueMails(workerDeps(store(), clock, seed), sender, 4)),
    );
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(count);
    const recipients = smtp.mails.map((m) => m.to[0]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect(await mailQueueStatus({ store: store() })).toEqual({ backlog: 0, failed: 0 });
  });

  it('a crash between send and mark leaves the mail to be sent again once its claim expires', async () => {
    const clock = new FixedClock(START);
    await queue(store(), 6);
    // The worker "dies" right after the SMTP server accepted the mail: recording it as sent throws.
    const crashing: Store = {
      read: (work) => store().read(work),
      submitStandardPick: async () => false,
      write: (work) =>
        store().write((repos) =>
          work({
            ...repos,
            outbox: {
              ...repos.outbox,
              claimDue: (...args) => repos.outbox.claimDue(...args),
              settle: () => Promise.reject(new Error('process killed')),
            },
          }),
        ),
      close: () => store().close(),
    };
    await expect(deliverDueMails(workerDeps(crashing, clock), sender)).rejects.toThrow('process killed');
    expect(smtp.mails).toHaveLength(1);
    const [claimed] = await store().read((r) => r.outbox.list(1));
    expect(claimed?.status).toBe('sending');
    expect(await mailQueueStatus({ store: store() })).toEqual({ backlog: 1, failed: 0 });

    // While the dead worker's claim lasts nobody takes the row; then another worker does.
    clock.advance(CLAIM_MS - 1_000);
    expect((await deliverDueMails(workerDeps(store(), clock, 2), sender)).sent).toBe(0);
    clock.advance(1_000);
    expect(await deliverDueMails(workerDeps(store(), clock, 2), sender)).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      lost: 0,
    });
    expect(smtp.mails.map((m) => m.to)).toEqual([['p6@example.test'], ['p6@example.test']]);
    expect((await store().read((r) => r.outbox.list(1)))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
