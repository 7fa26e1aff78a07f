// The daily reminder over HTTP: off by default, turned on on the profile, sent by the mail worker's pass before the
// deadline, and turned off by its mail's link without signing in.
import { describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../server/routes/profile.schemas.ts';
import { queueDailyReminders } from '../../core/mail/daily-reminder.ts';
import { json, makeHarness } from './harness.ts';

const form = (token: string) => ({
  body: new URLSearchParams({ token }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the daily reminder', () => {
  it('opt-in on the profile; the mail’s link turns only it off, signed out, with a plain confirmation page', async () => {
    const h = await makeHarness({ env: { REMINDER_MINUTES: '90' } });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const before = await json<ProfileResponse>(await h.request('GET', '/api/profile', { cookie: ann }));
    expect(before).toMatchObject({ dailyReminder: false, emailNotifications: true });
    const on = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: 'ann@example.com', displayName: 'Ann', dailyReminder: true },
    });
    expect(await json(on)).toMatchObject({ dailyReminder: true, emailNotifications: true });
    expect(
      (
        await h.request('PUT', '/api/profile', {
          cookie: ann,
          json: { email: 'ann@example.com', displayName: 'Ann', dailyReminder: 'yes' },
        })
      ).status,
    ).toBe(400);

    const minutes = h.config.mail.reminderMinutes;
    expect(minutes).toBe(90);
    h.clock.set('2026-11-20T22:30:00.000Z');
    expect(await queueDailyReminders(h.deps, minutes * 60_000)).toBe(1);
    const [mail] = await h.deps.store.read((r) => r.outbox.list(5));
    expect(mail?.to).toBe('ann@example.com');
    const link = /(\/auth\/unsubscribe\?token=\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const token = new URL(link, 'http://x').searchParams.get('token') ?? '';

    const page = await h.request('GET', link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('TURN OFF THE DAILY REMINDER');
    // Opening the link changes nothing: a mail scanner may open it.
    expect((await json<ProfileResponse>(await h.request('GET', '/api/profile', { cookie: ann }))).dailyReminder).toBe(
      true,
    );
    const off = await h.request('POST', '/auth/unsubscribe', form(token));
    expect(off.status).toBe(200);
    expect(await off.text()).toContain('You will get no more daily reminders.');
    expect(await json(await h.request('GET', '/api/profile', { cookie: ann }))).toMatchObject({
      dailyReminder: false,
      emailNotifications: true,
    });

    const forged = await h.request('POST', '/auth/unsubscribe', form(`${token.slice(0, -4)}beef`));
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('This unsubscribe link is not valid.');
  });
});
