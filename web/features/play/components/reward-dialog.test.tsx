// @vitest-environment happy-dom
// The reward dialog loaded on demand: the trigger says it opens a dialog, the click opens it once its code is in,
// and closing hands focus back to the trigger, as Radix's own trigger did.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { myRewards, numberLimits } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { servePerTest } from '../../../testing/serve-per-test.ts';
import { RewardDialog } from './reward-dialog.tsx';

const serve = servePerTest();

describe('RewardDialog', () => {
  it('opens on click, closes on Escape with focus back on the trigger, and reopens at the form', async () => {
    await serve({ 'GET /api/rewards/mine': { body: myRewards } });
    const user = userEvent.setup();
    renderWithProviders(
      <RewardDialog
        type="how_many"
        available={1}
        howToEarn=""
        limits={numberLimits}
        trigger={<button type="button">USE HOW MANY</button>}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'USE HOW MANY' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'USE HOW MANY' });
    expect(within(dialog).getByRole('button', { name: 'REVEAL COUNTS' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'USE HOW MANY' })).toBeTruthy();
  });
});
