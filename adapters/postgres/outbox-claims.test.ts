// Two server instances on one PostgreSQL database (two stores, two connection pools) deliver the outbox
// together through a real SMTP server: every mail goes out exactly once (FOR UPDATE SKIP LOCKED claims).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deliverDueMails, mailQueueStatus } from '../../core/mail/deliver-mails.ts';
import { SmtpMailSender } from '../mail/smtp-sender.ts';
import { FixedClock, SeededRandom } from '../../test/support/fakes.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/support/smtp-catcher.ts';
import { createPostgresStore, type PostgresStore } from './store.ts';

let database: TestDatabase;
let instances: PostgresStore[];
let smtp: SmtpCatcher;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_mail');
  instances = [
    await createPostgresStore(database.url, { maxConnections: 3 }),
    await createPostgresStore(database.url, { maxConnections: 3 }),
  ];
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  for (const store of instances) await store.close();
  await smtp.close();
  await database.drop();
});

describe('two instances delivering one outbox', () => {
  it('send every mail exactly once', { timeout: 60_000 }, async () => {
    const [one, two] = instances;
    if (!one || !two) throw new Error('instances not started');
    const clock = new FixedClock('2026-11-20T12:00:00.000Z');
    const count = 60;
    await one.write(async (r) => {
      for (let n = 0; n < count; n += 1) {
        await r.outbox.add({
          id: `m${n}`,
          to: `p${n}@example.test`,
          subject: `Mail ${n}`,
          body: 'Hi',
          createdAt: clock.now().toISOString(),
        });
      }
    });
    const sender = new SmtpMailSender(smtp.url, 'no-reply@lowest.test');
    // Two workers per instance, small batches, all at once: the claims overlap in time.
    const reports = await Promise.all(
      [one, two, one, two].map((store, i) =>
        deliverDueMails({ store, clock, random: new SeededRandom(i + 1) }, sender, 3),
      ),
    );
    sender.close();
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(count);
    expect(reports.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
    const recipients = smtp.mails.map((m) => m.to[0]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect(await mailQueueStatus({ store: two })).toEqual({ backlog: 0, failed: 0 });
  });
});
