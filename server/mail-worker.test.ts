// The mail worker against a real SMTP server in this process: it delivers without being asked, keeps mails
// waiting (and says so once) without SMTP_URL, and stops cleanly.
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpMailSender } from '../adapters/mail/smtp-sender.ts';
import { makeDeps } from '../test/support/fakes.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../test/support/smtp-catcher.ts';
import { startMailWorker, type MailWorker } from './mail-worker.ts';

const mail = {
  id: 'm1',
  to: 'ann@example.test',
  subject: 'You won LOWEST UNIQUE on 2026-11-20',
  body: 'http://localhost:3000/winnings',
  createdAt: '2026-11-20T12:00:00.000Z',
};

let smtp: SmtpCatcher | null = null;
let worker: MailWorker | null = null;
afterEach(async () => {
  await worker?.stop();
  await smtp?.close();
  worker = null;
  smtp = null;
});

describe('startMailWorker', () => {
  it('delivers queued mails on its own, also those queued after it started', async () => {
    smtp = await startSmtpCatcher();
    const deps = makeDeps();
    await deps.store.write((r) => r.outbox.add(mail));
    const logs: string[] = [];
    worker = startMailWorker({
      deps,
      sender: new SmtpMailSender(smtp.url, 'no-reply@lowest.test'),
      logger: {
        request: () => {},
        debug: () => {},
        warn: () => {},
        info: (m) => logs.push(m),
        error: (m) => logs.push(m),
      },
      intervalMs: 20,
      reminderMinutes: 120,
    });
    expect((await smtp.waitForMails(1))[0]).toMatchObject({ to: ['ann@example.test'], subject: mail.subject });
    await deps.store.write((r) => r.outbox.add({ ...mail, id: 'm2', to: 'bob@example.test' }));
    expect((await smtp.waitForMails(2)).map((m) => m.to[0])).toEqual(['ann@example.test', 'bob@example.test']);
    await worker.stop();
    expect(await deps.store.read((r) => r.outbox.queueStatus())).toEqual({ backlog: 0, failed: 0 });
    expect(logs).toEqual(['Mail: the outbox is delivered through SMTP_URL every 0 s.']);
  });

  it('without a sender: says so once, mails wait in the outbox', async () => {
    const deps = makeDeps();
    await deps.store.write((r) => r.outbox.add(mail));
    const logs: string[] = [];
    worker = startMailWorker({
      deps,
      sender: null,
      logger: {
        request: () => {},
        debug: () => {},
        warn: () => {},
        info: (m) => logs.push(m),
        error: (m) => logs.push(m),
      },
      intervalMs: 5,
      reminderMinutes: 120,
    });
    await worker.stop();
    expect(logs).toEqual(['Mail: SMTP_URL is not set, so e-mails wait in the outbox (lowest mail list shows them).']);
    expect((await deps.store.read((r) => r.outbox.list(5)))[0]?.status).toBe('pending');
  });
});
