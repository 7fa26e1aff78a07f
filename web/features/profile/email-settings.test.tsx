// @vitest-environment happy-dom
// The profile's e-mail switch against a real local HTTP server.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import type { ProfileResponse } from '../../../server/routes/profile.schemas.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { EmailSettings } from './components/email-settings.tsx';

const ada: MeResponse = { id: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', role: 'player' };
const mailState = { dailyReminder: false, emailVerified: true, mailAddress: 'ada@example.com' };
const serve = servePerTest();

describe('EmailSettings', () => {
  it('shows the saved switch and turns reminders off with the saved name and e-mail', async () => {
    const api = await serve({
      'GET /api/profile': { body: { ...ada, ...mailState, emailNotifications: true } satisfies ProfileResponse },
      'PUT /api/profile': (request) => ({
        body: {
          ...ada,
          ...mailState,
          emailNotifications: (request.body as { emailNotifications: boolean }).emailNotifications,
        },
      }),
    });
    renderWithProviders(<EmailSettings user={ada} />, { me: ada });
    const box = (await screen.findByRole('checkbox', {
      name: 'Send me reminders (like an unclaimed prize after 3 days)',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText('Mails about your prize and its payment always go.')).toBeTruthy();
    await expectNoAxeViolations();

    await userEvent.click(box);
    expect(await screen.findByText('Reminders Off')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));
    expect(api.requestsTo('PUT /api/profile').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', displayName: 'Ada Lovelace', emailNotifications: false },
    ]);
  });

  it('turns the daily reminder on (off by default), sending only that switch', async () => {
    const api = await serve({
      'GET /api/profile': { body: { ...ada, ...mailState, emailNotifications: true } satisfies ProfileResponse },
      'PUT /api/profile': (request) => ({
        body: {
          ...ada,
          ...mailState,
          emailNotifications: true,
          dailyReminder: (request.body as { dailyReminder: boolean }).dailyReminder,
        },
      }),
    });
    renderWithProviders(<EmailSettings user={ada} />, { me: ada });
    const box = (await screen.findByRole('checkbox', {
      name: 'Daily reminder: e-mail me before the deadline on days I have not played',
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(await screen.findByText('Daily Reminder On')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(true));
    expect(api.requestsTo('PUT /api/profile').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', displayName: 'Ada Lovelace', dailyReminder: true },
    ]);
  });

  it('says so when the settings cannot be read', async () => {
    await serve({ 'GET /api/profile': { status: 500, body: { error: 'down', code: 'INTERNAL' } } });
    renderWithProviders(<EmailSettings user={ada} />, { me: ada });
    expect(await screen.findByText('Settings not available.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
