// Mail goes only to a verified address (DESIGN.md §15): the sign-in's verified e-mail, or a contact e-mail the player
// confirmed by its link. Names and every field that reaches a mail refuse control characters; mail bodies are
// built so that no value starts a paragraph of its own.
import { describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../server/routes/profile.schemas.ts';
import { closeToday, json, makeHarness, type Harness } from './harness.ts';

const STRANGER = 'someone@elsewhere.example';
const INJECTED = 'Hi\r\n\r\nURGENT: log in at https://evil.example';

const outbox = (h: Harness) => h.deps.store.read((r) => r.outbox.list(50));
const profile = async (h: Harness, cookie: string) =>
  json<ProfileResponse>(await h.request('GET', '/api/profile', { cookie }));

/** The token of the newest confirmation link in the outbox. */
const linkToken = async (h: Harness): Promise<string> => {
  const mail = (await outbox(h)).find((m) => m.subject === 'LOWEST UNIQUE: confirm your e-mail address');
  const token = /\/auth\/confirm-email\?token=([0-9a-f]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no confirmation link in the outbox');
  return token;
};

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the audit’s reproduction: a stranger’s address and an injected name', () => {
  it('refuses the name with a 400 naming the field, and changes nothing', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const res = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: STRANGER, displayName: INJECTED },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: 'Display name must not contain line breaks', code: 'VALIDATION' });
    expect(await profile(h, ann)).toMatchObject({ email: 'ann@example.com', displayName: 'Ann', emailVerified: true });
    expect(await outbox(h)).toEqual([]);
  });

  it('with a clean name: the win mail goes to the verified sign-in address; the stranger gets only the link', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const res = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: STRANGER, displayName: 'Ann Lee' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ email: STRANGER, emailVerified: false, mailAddress: 'ann@example.com' });
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 3 } });
    await closeToday(h);

    const mails = await outbox(h);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['ann@example.com', 'You won LOWEST UNIQUE on 2026-11-20'],
      [STRANGER, 'LOWEST UNIQUE: confirm your e-mail address'],
    ]);
    const link = mails.find((m) => m.to === STRANGER);
    // Nothing the player typed reaches the unverified address: no name, only the link.
    expect(link?.body).not.toContain('Ann');
    expect(link?.body).toMatch(
      /^Someone entered this address .*\n\nhttp:\/\/localhost:3000\/auth\/confirm-email\?token=[0-9a-f]{64}\n\nIf it was not you/s,
    );
  });
});

describe('confirming a contact e-mail by its link', () => {
  const changed = async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    await h.request('PUT', '/api/profile', { cookie: ann, json: { email: 'ann@work.example', displayName: 'Ann' } });
    return { h, ann, token: await linkToken(h) };
  };

  it('GET shows the address and a button (signed out); the POST confirms; mails then go to the new address', async () => {
    const { h, ann, token } = await changed();
    const page = await h.request('GET', `/auth/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<strong>ann@work.example</strong>');
    expect(html).toContain('CONFIRM E-MAIL');
    // Opening the link (a mail scanner does) confirms nothing.
    expect(await profile(h, ann)).toMatchObject({ emailVerified: false, mailAddress: 'ann@example.com' });

    const done = await h.request('POST', '/auth/confirm-email', form({ token }));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('your mails now go to <strong>ann@work.example</strong>');
    expect(await profile(h, ann)).toMatchObject({ emailVerified: true, mailAddress: 'ann@work.example' });

    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 3 } });
    await closeToday(h);
    expect((await outbox(h)).find((m) => m.subject.startsWith('You won'))?.to).toBe('ann@work.example');
  });

  it('works once; only the token’s hash is stored', async () => {
    const { h, token } = await changed();
    const stored = await h.deps.store.read((r) => r.emailConfirmations.byTokenHash(h.deps.digest.sha256Hex(token)));
    expect(stored).toMatchObject({ email: 'ann@work.example', expiresAt: '2026-11-21T12:00:00.000Z' });
    expect(await h.deps.store.read((r) => r.emailConfirmations.byTokenHash(token))).toBeNull();
    expect((await h.request('POST', '/auth/confirm-email', form({ token }))).status).toBe(200);
    const again = await h.request('POST', '/auth/confirm-email', form({ token }));
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('This link has expired or was already used.');
    expect((await h.request('GET', `/auth/confirm-email?token=${token}`)).status).toBe(404);
  });

  it('expires after 24 hours', async () => {
    const { h, ann, token } = await changed();
    h.clock.advance(24 * 3_600_000);
    expect((await h.request('POST', '/auth/confirm-email', form({ token }))).status).toBe(404);
    expect((await profile(h, ann)).emailVerified).toBe(false);
  });

  it('confirms only the address it was sent to: changing the e-mail again makes the old link useless', async () => {
    const { h, ann, token } = await changed();
    await h.request('PUT', '/api/profile', { cookie: ann, json: { email: 'ann@home.example', displayName: 'Ann' } });
    expect((await h.request('POST', '/auth/confirm-email', form({ token }))).status).toBe(404);
    expect(await profile(h, ann)).toMatchObject({
      email: 'ann@home.example',
      emailVerified: false,
      mailAddress: 'ann@example.com',
    });
  });

  it('changing a confirmed e-mail makes it unconfirmed again; back to the sign-in e-mail needs no link', async () => {
    const { h, ann, token } = await changed();
    await h.request('POST', '/auth/confirm-email', form({ token }));
    const moved = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: 'ann@home.example', displayName: 'Ann' },
    });
    expect(await json(moved)).toMatchObject({ emailVerified: false, mailAddress: 'ann@example.com' });
    const before = (await outbox(h)).length;
    const back = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: 'ANN@example.com', displayName: 'Ann' },
    });
    expect(await json(back)).toMatchObject({ emailVerified: true, mailAddress: 'ANN@example.com' });
    expect(await outbox(h)).toHaveLength(before);
  });

  it('RESEND sends another link to the unconfirmed address, at most 5 links a day; refused once confirmed', async () => {
    const { h, ann, token } = await changed();
    const resend = () => h.request('POST', '/api/profile/email-confirmation', { cookie: ann });
    expect((await h.request('POST', '/api/profile/email-confirmation')).status).toBe(401);
    for (let i = 0; i < 4; i += 1) {
      const res = await resend();
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: 'We sent a new link to ann@work.example.' });
    }
    const capped = await resend();
    expect(capped.status).toBe(409);
    expect((await json(capped)).error).toBe(
      'You can ask for at most 5 confirmation links a day. Please try again tomorrow.',
    );
    const links = (await outbox(h)).filter((m) => m.to === 'ann@work.example');
    expect(links).toHaveLength(5);
    expect(links.every((m) => m.subject === 'LOWEST UNIQUE: confirm your e-mail address')).toBe(true);
    // A sixth change of address in the day is refused too, and changes nothing.
    const sixth = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: 'ann@third.example', displayName: 'Ann' },
    });
    expect(sixth.status).toBe(409);
    expect((await profile(h, ann)).email).toBe('ann@work.example');
    // Any of the day's links for this address still confirms it.
    expect((await h.request('POST', '/auth/confirm-email', form({ token }))).status).toBe(200);
    const late = await resend();
    expect(late.status).toBe(409);
    expect((await json(late)).error).toBe('Your e-mail address is already confirmed.');
  });
});

describe('fields that reach a mail refuse control characters', () => {
  it('display name: any control character or line separator is refused by name, nothing changed', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    for (const name of ['Ann\nLee', 'Ann\rLee', 'Ann\tLee', 'Ann\u0085Lee', 'Ann\u2028Lee', 'Ann\u001bLee']) {
      const res = await h.request('PUT', '/api/profile', {
        cookie: ann,
        json: { email: 'ann@example.com', displayName: name },
      });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe('Display name must not contain line breaks');
    }
    expect((await profile(h, ann)).displayName).toBe('Ann');
  });

  it('an e-mail address must be a real address: no header can ride on it', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    for (const email of [
      'eve\r\nbcc:x@evil.example',
      'eve@evil.example\r\nBcc: x@evil.example',
      'a b@example.com',
      'eve@evil',
      '<eve@evil.example>',
    ]) {
      const res = await h.request('PUT', '/api/profile', { cookie: ann, json: { email, displayName: 'Ann' } });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe('Invalid email address');
    }
    expect(await outbox(h)).toEqual([]);
  });

  it('the claim: a PayPal e-mail with a header in it and a preferred name with line breaks are refused, nothing claimed', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 3 } });
    await closeToday(h);
    const claim = (paypalEmail: string, preferredName: string) =>
      h.request('POST', '/api/prizes/winner-payout', {
        cookie: ann,
        json: { gameId: '2026-11-20', paypalEmail, preferredName },
      });
    const header = await claim('eve\r\nbcc:x@evil.example', 'Eve');
    expect(header.status).toBe(400);
    expect((await json(header)).error).toBe('Please enter a valid PayPal email address');
    const name = await claim('ann@paypal.example', 'Ann\r\n\r\nURGENT');
    expect(name.status).toBe(400);
    expect((await json(name)).error).toBe('Preferred name must not contain line breaks');
    const winnings = await json<{ winnings: { canClaim: boolean }[] }>(
      await h.request('GET', '/api/winnings', { cookie: ann }),
    );
    expect(winnings.winnings.map((w) => w.canClaim)).toEqual([true]);
    expect((await outbox(h)).map((m) => m.subject)).toEqual(['You won LOWEST UNIQUE on 2026-11-20']);
  });

  it('a name from the sign-in is put on one line, not refused (the provider chose it)', async () => {
    const h = await makeHarness();
    const res = await h.request('POST', '/auth/dev', {
      json: { email: 'gus@example.com', displayName: 'Gus\r\n\r\nURGENT' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).displayName).toBe('Gus URGENT');
  });
});
