// @vitest-environment happy-dom
// The SYSTEM tab's MAIL figures (DESIGN.md §15) against a real local HTTP server.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminMailStatus } from '../../../server/routes/admin.schemas.ts';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { SystemTab } from './components/system-tab.tsx';

const admin: MeResponse = { id: 'a1', email: 'boss@example.com', displayName: 'The Boss', role: 'admin' };
const serve = servePerTest();

const statusWith = (mail: AdminMailStatus) => ({ 'GET /admin/status': { body: { database: 'sqlite', mail } } });

describe('SystemTab MAIL', () => {
  it('shows the mails waiting and failed, and where to see the failed ones', async () => {
    await serve(statusWith({ backlog: 4, failed: 2, delivery: 'smtp' }));
    renderWithProviders(<SystemTab />, { me: admin });
    const mail = await screen.findByRole('region', { name: 'MAIL' });
    expect(within(mail).getByText('WAITING').nextElementSibling?.textContent).toBe('4');
    expect(within(mail).getByText('FAILED').nextElementSibling?.textContent).toBe('2');
    expect(within(mail).getByText('See the failed mails with: lowest mail list --failed')).toBeTruthy();
    expect(within(mail).queryByText(/SMTP_URL is not set/)).toBeNull();
    await expectNoAxeViolations();
  });

  it('says mails wait when delivery is off', async () => {
    await serve(statusWith({ backlog: 1, failed: 0, delivery: 'off' }));
    renderWithProviders(<SystemTab />, { me: admin });
    const mail = await screen.findByRole('region', { name: 'MAIL' });
    expect(within(mail).getByText('SMTP_URL is not set: mails wait in the outbox.')).toBeTruthy();
    expect(within(mail).queryByText(/lowest mail list --failed/)).toBeNull();
  });
});
