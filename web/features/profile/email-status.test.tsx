// @vitest-environment happy-dom
// The contact e-mail's state on the profile, against a real local HTTP server.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import type { ProfileResponse } from '../../../server/routes/profile.schemas.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { EmailStatus } from './components/email-status.tsx';

const ada: MeResponse = { id: 'u1', email: 'ada@work.example', displayName: 'Ada Lovelace', role: 'player' };
const unconfirmed: ProfileResponse = {
  ...ada,
  emailNotifications: true,
  dailyReminder: false,
  emailVerified: false,
  mailAddress: 'ada@example.com',
};
const serve = servePerTest();

describe('EmailStatus', () => {
  it('says the new e-mail is unconfirmed, where mails go meanwhile, and resends the link', async () => {
    const api = await serve({
      'GET /api/profile': { body: unconfirmed },
      'POST /api/profile/email-confirmation': { body: { message: 'We sent a new link to ada@work.example.' } },
    });
    renderWithProviders(<EmailStatus />, { me: ada });
    expect(
      await screen.findByText(
        'ada@work.example is unconfirmed — we sent a link to it. Follow the link within 24 hours to confirm it. Until then your mails go to ada@example.com.',
      ),
    ).toBeTruthy();
    await expectNoAxeViolations();
    await userEvent.click(screen.getByRole('button', { name: 'RESEND LINK' }));
    expect(await screen.findByText('We sent a new link to ada@work.example.')).toBeTruthy();
    expect(api.requestsTo('POST /api/profile/email-confirmation')).toHaveLength(1);
  });

  it('shows the server’s refusal (the daily cap)', async () => {
    await serve({
      'GET /api/profile': { body: unconfirmed },
      'POST /api/profile/email-confirmation': {
        status: 409,
        body: {
          error: 'You can ask for at most 5 confirmation links a day. Please try again tomorrow.',
          code: 'CONFLICT',
        },
      },
    });
    renderWithProviders(<EmailStatus />, { me: ada });
    await userEvent.click(await screen.findByRole('button', { name: 'RESEND LINK' }));
    expect(
      await screen.findByText('You can ask for at most 5 confirmation links a day. Please try again tomorrow.'),
    ).toBeTruthy();
  });

  it('shows nothing once the e-mail is confirmed', async () => {
    await serve({ 'GET /api/profile': { body: { ...unconfirmed, emailVerified: true, mailAddress: ada.email } } });
    const { container } = renderWithProviders(<EmailStatus />, { me: ada });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('');
  });
});
