// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuildDto } from '../../../server/routes/guilds.schemas.ts';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import { newGuildProblem } from '../../../core/guilds/guild-fields.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { GuildsScreen } from './guilds-screen.tsx';

const ada: MeResponse = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', role: 'player' };

function guild(overrides: Partial<GuildDto>): GuildDto {
  return {
    id: 'g1',
    name: 'Night Owls',
    description: 'We pick late',
    memberCount: 2,
    maxMembers: 10,
    isFull: false,
    totalWins: 4,
    totalEntries: 30,
    createdAt: '2026-11-01T10:00:00.000Z',
    adminName: 'Ada',
    adminUserId: 'u1',
    ...overrides,
  };
}

const owls = guild({});
const full = guild({
  id: 'g2',
  name: 'Full House',
  memberCount: 10,
  isFull: true,
  adminName: 'Bob',
  adminUserId: 'u9',
});
const open = guild({ id: 'g3', name: 'Early Birds', memberCount: 3, adminName: 'Cy', adminUserId: 'u8' });

const serve = servePerTest();

describe('GuildsScreen', () => {
  it('asks a signed-out visitor to log in', async () => {
    await serve();
    renderWithProviders(<GuildsScreen />, { me: null });
    expect(screen.getByText('Please log in to access guilds')).toBeTruthy();
  });

  it('shows NO GUILD, the grid with FULL badges, and joins an open guild with its password', async () => {
    const api = await serve({
      'GET /api/guilds/my': { body: { guild: null, membership: null } },
      'GET /api/guilds?limit=50': { body: { guilds: [full, open] } },
      'POST /api/guilds/join': { body: { guild: open, message: 'Joined Early Birds' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GuildsScreen />, { me: ada });
    expect(await screen.findByRole('heading', { name: 'NO GUILD' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ALL GUILDS (2)' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Full House' })).getByText('FULL')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Early Birds' })).queryByText('FULL')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'JOIN' }));
    const select = screen.getByLabelText('GUILD') as HTMLSelectElement;
    // A full guild is not offered.
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Select a guild...',
      'Early Birds (3/10)',
    ]);
    await user.click(screen.getByRole('button', { name: 'JOIN GUILD' }));
    expect(screen.getByText('Please select a guild and enter the password')).toBeTruthy();

    await user.selectOptions(select, 'g3');
    await user.type(screen.getByLabelText('GUILD PASSWORD'), 'hoot');
    api.on('GET /api/guilds/my', {
      body: { guild: open, membership: { isAdmin: false, joinedAt: '2026-11-20T10:00:00.000Z', canLeave: true } },
    });
    api.on('GET /api/guilds/g3', { body: { guild: open, members: [] } });
    api.on('GET /api/guilds/g3/submissions', { body: { gameDate: '2026-11-22', submissions: [] } });
    await user.click(screen.getByRole('button', { name: 'JOIN GUILD' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/guilds/join')[0]?.body).toEqual({ guildId: 'g3', password: 'hoot' }),
    );
    // Reloaded and back on the overview as a member.
    expect(await screen.findByText('MEMBER OF Early Birds')).toBeTruthy();
    expect(await screen.findByText('Guild Joined')).toBeTruthy();
    expect(screen.getByText('Joined Early Birds')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'OVERVIEW' }).getAttribute('aria-selected')).toBe('true');
    // The new guild's members and today's picks load too (and nothing is left in flight when the server stops).
    expect(await screen.findByRole('region', { name: 'MEMBERS (0)' })).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: "TODAY'S STRATEGY" })).findByText("YOU HAVEN'T SUBMITTED YET"),
    ).toBeTruthy();
  });

  it('validates the create form and counts description characters', async () => {
    const api = await serve({
      'GET /api/guilds/my': { body: { guild: null, membership: null } },
      'GET /api/guilds?limit=50': { body: { guilds: [] } },
      'POST /api/guilds': { status: 409, body: { error: 'A guild with that name exists', code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GuildsScreen />, { me: ada });
    expect(await screen.findByText('No guilds exist yet. Be the first to create one!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'CREATE A GUILD' }));
    await user.type(screen.getByLabelText('GUILD NAME'), 'Night Owls');
    await user.click(screen.getByRole('button', { name: 'CREATE GUILD' }));
    expect(screen.getByText('Guild name and password are required')).toBeTruthy();
    expect(api.requestsTo('POST /api/guilds')).toHaveLength(0);

    await user.type(screen.getByLabelText('DESCRIPTION (OPTIONAL)'), 'hello');
    expect(screen.getByText('5/200')).toBeTruthy();
    expect(screen.getByLabelText('GUILD NAME').getAttribute('maxlength')).toBe('50');
    expect(screen.getByLabelText('GUILD PASSWORD').getAttribute('maxlength')).toBe('20');
    await user.type(screen.getByLabelText('GUILD PASSWORD'), 'secret');
    await user.click(screen.getByRole('button', { name: 'CREATE GUILD' }));
    expect(await screen.findByText('A guild with that name exists')).toBeTruthy();
    expect(api.requestsTo('POST /api/guilds')[0]?.body).toEqual({
      name: 'Night Owls',
      description: 'hello',
      password: 'secret',
    });
  });

  it("checks the create form with the server's own guild rules, hints included, and sends nothing they refuse", async () => {
    const api = await serve({
      'GET /api/guilds/my': { body: { guild: null, membership: null } },
      'GET /api/guilds?limit=50': { body: { guilds: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GuildsScreen />, { me: ada });
    await user.click(await screen.findByRole('button', { name: 'CREATE A GUILD' }));
    expect(screen.getByText('3-50 characters: letters, numbers, spaces, hyphens and underscores.')).toBeTruthy();
    expect(screen.getByText('4-20 characters. Share it with the players you want in your guild.')).toBeTruthy();
    const refused: [string, string, string][] = [
      ['ab', 'secret', 'Guild name must be 3-50 characters'],
      ['Night!Owls', 'secret', 'Guild name may contain only letters, numbers, spaces, hyphens and underscores'],
      ['Night Owls', 'abc', 'Password must be 4-20 characters'],
    ];
    for (const [name, password, message] of refused) {
      expect(newGuildProblem({ name, description: '', password })).toBe(message);
      await user.clear(screen.getByLabelText('GUILD NAME'));
      await user.type(screen.getByLabelText('GUILD NAME'), name);
      await user.clear(screen.getByLabelText('GUILD PASSWORD'));
      await user.type(screen.getByLabelText('GUILD PASSWORD'), password);
      await user.click(screen.getByRole('button', { name: 'CREATE GUILD' }));
      expect(screen.getByRole('alert').textContent).toBe(message);
    }
    expect(api.requestsTo('POST /api/guilds')).toHaveLength(0);
  });

  it('creates a guild with a success toast, and the earlier error toast goes once that succeeds', async () => {
    const api = await serve({
      'GET /api/guilds/my': { body: { guild: null, membership: null } },
      'GET /api/guilds?limit=50': { body: { guilds: [] } },
      'POST /api/guilds': { status: 409, body: { error: 'A guild with that name exists', code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GuildsScreen />, { me: ada });
    await user.click(await screen.findByRole('button', { name: 'CREATE A GUILD' }));
    await user.type(screen.getByLabelText('GUILD NAME'), 'Night Owls');
    await user.type(screen.getByLabelText('GUILD PASSWORD'), 'secret');
    await user.click(screen.getByRole('button', { name: 'CREATE GUILD' }));
    expect(await screen.findByText('A guild with that name exists')).toBeTruthy();

    api.on('POST /api/guilds', { status: 201, body: { guild: owls, message: 'Guild Night Owls created' } });
    api.on('GET /api/guilds/my', {
      body: { guild: owls, membership: { isAdmin: true, joinedAt: '2026-11-22T10:00:00.000Z' } },
    });
    api.on('GET /api/guilds/g1', { body: { guild: owls, members: [] } });
    api.on('GET /api/guilds/g1/submissions', { body: { gameDate: '2026-11-22', submissions: [] } });
    await user.click(screen.getByRole('button', { name: 'CREATE GUILD' }));
    expect(await screen.findByText('Guild Created')).toBeTruthy();
    expect(screen.getByText('Guild Night Owls created')).toBeTruthy();
    expect(screen.queryByText('A guild with that name exists')).toBeNull();
    expect(await screen.findByText('MEMBER OF Night Owls')).toBeTruthy();
  });

  it('deletes a guild with a success toast', async () => {
    const api = await serve({
      'GET /api/guilds/my': {
        body: { guild: owls, membership: { isAdmin: true, joinedAt: '2026-11-01T10:00:00.000Z' } },
      },
      'GET /api/guilds?limit=50': { body: { guilds: [owls] } },
      'GET /api/guilds/g1': { body: { guild: owls, members: [] } },
      'GET /api/guilds/g1/submissions': { body: { gameDate: '2026-11-22', submissions: [] } },
      'DELETE /api/guilds/g1': { body: { message: 'Guild Night Owls deleted' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GuildsScreen />, { me: ada });
    await user.click(await screen.findByRole('button', { name: 'DELETE GUILD' }));
    const dialog = await screen.findByRole('dialog');
    api.on('GET /api/guilds/my', { body: { guild: null, membership: null } });
    api.on('GET /api/guilds?limit=50', { body: { guilds: [] } });
    await user.click(within(dialog).getByRole('button', { name: /DELETE/ }));
    expect(await screen.findByRole('heading', { name: 'NO GUILD' })).toBeTruthy();
    expect(await screen.findByText('Guild Deleted')).toBeTruthy();
    expect(screen.getByText('Guild Night Owls deleted')).toBeTruthy();
  });

  it("shows a member's guild: picks, members, and the admin's REMOVE with confirmation", async () => {
    const api = await serve({
      'GET /api/guilds/my': {
        body: { guild: owls, membership: { isAdmin: true, joinedAt: '2026-11-01T10:00:00.000Z', canLeave: false } },
      },
      'GET /api/guilds?limit=50': { body: { guilds: [owls, open] } },
      'GET /api/guilds/g1': {
        body: {
          guild: owls,
          members: [
            {
              userId: 'u1',
              playerName: 'Ada',
              isAdmin: true,
              joinedAt: '2026-11-01T10:00:00.000Z',
              wins: 2,
              entries: 20,
              currentStreak: 3,
            },
            {
              userId: 'u2',
              playerName: 'Bea',
              isAdmin: false,
              joinedAt: '2026-11-02T10:00:00.000Z',
              wins: 2,
              entries: 10,
              currentStreak: 1,
            },
          ],
        },
      },
      'GET /api/guilds/g1/submissions': {
        body: {
          gameDate: '2026-11-22',
          submissions: [{ userId: 'u2', playerName: 'Bea', number: 7, submittedAt: '2026-11-22T01:00:00.000Z' }],
        },
      },
      'DELETE /api/guilds/g1/members/u2': { body: { message: 'Member removed' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GuildsScreen />, { me: ada });
    expect(await screen.findByText('MEMBER OF Night Owls')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'LEAVE GUILD' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'CREATE' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Night Owls' })).getByText('ADMIN')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'DELETE GUILD' })).toBeTruthy();

    const strategy = await screen.findByRole('region', { name: "TODAY'S STRATEGY" });
    expect(await within(strategy).findByText("YOU HAVEN'T SUBMITTED YET")).toBeTruthy();
    expect(within(strategy).getByRole('link', { name: 'SUBMIT NOW' }).getAttribute('href')).toBe('/');
    expect(within(strategy).getByText('#7')).toBeTruthy();

    const members = await screen.findByRole('region', { name: 'MEMBERS (2)' });
    expect(within(members).getByText('YOU')).toBeTruthy();
    const removeButtons = within(members).getAllByRole('button', { name: /^REMOVE/ });
    expect(removeButtons.map((button) => button.getAttribute('aria-label'))).toEqual(['REMOVE Bea']);
    expect(removeButtons).toHaveLength(1); // never on the admin themself
    await expectNoAxeViolations();
    await user.click(removeButtons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Bea from the guild?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'REMOVE' }));
    await waitFor(() => expect(api.requestsTo('DELETE /api/guilds/g1/members/u2')).toHaveLength(1));
    // Told once the guild data has reloaded.
    expect(await screen.findByText('Member Removed')).toBeTruthy();
  });

  it('disables LEAVE GUILD for an admin with members, and lets a member leave after confirming', async () => {
    const api = await serve({
      'GET /api/guilds/my': {
        body: { guild: owls, membership: { isAdmin: true, joinedAt: '2026-11-01T10:00:00.000Z', canLeave: false } },
      },
      'GET /api/guilds?limit=50': { body: { guilds: [owls] } },
      'GET /api/guilds/g1': { body: { guild: owls, members: [] } },
      'GET /api/guilds/g1/submissions': { body: { gameDate: '2026-11-22', submissions: [] } },
      'POST /api/guilds/leave': { body: { message: 'You left the guild' } },
    });
    const user = userEvent.setup();
    const first = renderWithProviders(<GuildsScreen />, { me: ada });
    await user.click(await screen.findByRole('tab', { name: 'LEAVE GUILD' }));
    expect((screen.getByRole('button', { name: 'LEAVE GUILD' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    api.on('GET /api/guilds/my', {
      body: { guild: owls, membership: { isAdmin: false, joinedAt: '2026-11-05T10:00:00.000Z', canLeave: true } },
    });
    renderWithProviders(<GuildsScreen />, { me: { ...ada, id: 'u2' } });
    await user.click(await screen.findByRole('tab', { name: 'LEAVE GUILD' }));
    await user.click(screen.getByRole('button', { name: 'LEAVE GUILD' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    api.on('GET /api/guilds/my', { body: { guild: null, membership: null } });
    await user.click(within(dialog).getByRole('button', { name: 'LEAVE GUILD' }));
    expect(await screen.findByRole('heading', { name: 'NO GUILD' })).toBeTruthy();
    expect(api.requestsTo('POST /api/guilds/leave')).toHaveLength(1);
  });
});
