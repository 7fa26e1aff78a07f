// The mails of a win, end to end over HTTP and a real SMTP server in this process: the close's winner mail, the
// claim receipt, and the payout mails (rejected with the reason, paid with the reference) actually go out.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDueMails } from '../../core/mail/deliver-mails.ts';
import { SmtpMailSender } from '../../adapters/mail/smtp-sender.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness, type Harness } from './harness.ts';

let smtp: SmtpCatcher;
let sender: SmtpMailSender;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  sender = new SmtpMailSender(smtp.url, 'LOWEST UNIQUE <no-reply@lowest.example>');
});
afterAll(async () => {
  sender.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
});

/** Ann wins 2026-11-20 ($50) and claims it; returns the payout id. */
const wonAndClaimed = async (): Promise<{ h: Harness; admin: string; payoutId: string }> => {
  const h = await makeHarness({ env: { PUBLIC_URL: 'http://localhost:8480' } });
  const ann = await h.signIn('ann@example.com', 'Ann');
  const bob = await h.signIn('bob@example.com', 'Bob');
  await h.request('POST', '/api/entry', { cookie: ann, json: { number: 3 } });
  await h.request('POST', '/api/entry', { cookie: bob, json: { number: 5 } });
  await closeToday(h);
  const claim = await h.request('POST', '/api/prizes/winner-payout', {
    cookie: ann,
    json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann A' },
  });
  expect(claim.status).toBe(200);
  const { payoutId } = await json<{ payoutId: string }>(claim);
  return { h, admin: await h.signIn(ADMIN_EMAIL, 'Admin'), payoutId };
};

const deliver = async (h: Harness) => deliverDueMails(h.deps, sender);

describe('the mails of a win reach the winner', () => {
  it('winner, claim received, rejected with the reason', async () => {
    const { h, admin, payoutId } = await wonAndClaimed();
    const review = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'failed', reviewNotes: 'PayPal account not found' },
    });
    expect(review.status).toBe(200);
    expect(await deliver(h)).toMatchObject({ sent: 3, failed: 0 });
    expect(smtp.mails.every((m) => m.to[0] === 'ann@example.com' && m.from === 'no-reply@lowest.example')).toBe(true);
    expect(smtp.mails.map((m) => m.subject).sort()).toEqual([
      'LOWEST UNIQUE: we received your claim for 2026-11-20',
      'LOWEST UNIQUE: your prize claim for 2026-11-20 was rejected',
      'You won LOWEST UNIQUE on 2026-11-20',
    ]);
    const won = smtp.mails.find((m) => m.subject.startsWith('You won'));
    expect(won?.text).toContain('Your number 3 was the lowest number nobody else picked');
    expect(won?.text).toContain(
      'Your prize: $50.00 cash prize (Friday Cash Prize).\nClaim it here: http://localhost:8480/winnings',
    );
    expect(smtp.mails.find((m) => m.subject.endsWith('was rejected'))?.text).toContain(
      'Reason: PayPal account not found',
    );
  });

  it('approved, then paid with the reference', async () => {
    const { h, admin, payoutId } = await wonAndClaimed();
    await deliver(h);
    smtp.mails.length = 0;
    await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, { cookie: admin, json: { status: 'approved' } });
    await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'paid', paymentReference: 'TX-42' },
    });
    expect(await deliver(h)).toMatchObject({ sent: 2 });
    expect(smtp.mails.map((m) => m.subject)).toEqual([
      'LOWEST UNIQUE: your prize for 2026-11-20 is approved',
      'LOWEST UNIQUE: your prize for 2026-11-20 has been paid',
    ]);
    expect(smtp.mails.map((m) => m.text.trimEnd())).toEqual([
      'Hi Ann,\n\nYour $50.00 prize for 2026-11-20 has been approved and payment is being processed.\n\nSee your winnings: http://localhost:8480/winnings',
      'Hi Ann,\n\nYour $50.00 prize for 2026-11-20 has been paid. Reference: TX-42\n\nSee your winnings: http://localhost:8480/winnings',
    ]);
  });

  it('rejected as the admin screen sends it (“Rejected: …”): the greeting, the reason once and the winnings link', async () => {
    const { h, admin, payoutId } = await wonAndClaimed();
    await deliver(h);
    smtp.mails.length = 0;
    await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'failed', reviewNotes: 'Rejected: PayPal account not found' },
    });
    expect(await deliver(h)).toMatchObject({ sent: 1 });
    expect(smtp.mails[0]?.text.trimEnd()).toBe(
      'Hi Ann,\n\nWe could not pay your $50.00 prize for 2026-11-20.\n\nReason: PayPal account not found\n\nSee your winnings: http://localhost:8480/winnings',
    );
  });
});
