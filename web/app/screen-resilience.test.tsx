// @vitest-environment happy-dom
// A screen whose code fails to load: the error boundary's words and TRY AGAIN, which imports it afresh (React.lazy
// alone would keep the failure); and the new-version prompt.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render.tsx';
import { announceUpdate } from './app-update.ts';
import { UpdatePrompt } from './connection-banner.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { Suspense } from 'react';

afterEach(() => cleanup());

function Loaded() {
  return <h1>LOADED SCREEN</h1>;
}

describe('a lazy screen behind the error boundary', () => {
  it('says the screen did not load, in words, and TRY AGAIN imports it again', async () => {
    let networkBack = false;
    let attempts = 0;
    const Screen = lazyScreen('/loaded', () => {
      attempts += 1;
      return networkBack
        ? Promise.resolve(Loaded)
        : Promise.reject(
            new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/loaded-1a2b.js'),
          );
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ScreenErrorBoundary resetKey="/loaded">
        <Suspense fallback={<p>LOADING…</p>}>
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'SCREEN NOT LOADED' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This screen could not load. The game server cannot be reached right now. Check your connection, then try again.',
    );
    const failedAttempts = attempts;
    networkBack = true;
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('heading', { name: 'LOADED SCREEN' })).toBeTruthy();
    expect(attempts).toBe(failedAttempts + 1);
  });

  it('a screen that throws while rendering gets its own words and a way back to the game', async () => {
    function Broken(): never {
      throw new Error('x is undefined');
    }
    renderWithProviders(
      <ScreenErrorBoundary resetKey="/broken">
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'SOMETHING WENT WRONG' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toContain('x is undefined');
    expect(screen.getByRole('link', { name: 'GO TO THE GAME' }).getAttribute('href')).toBe('/');
  });
});

describe('a new version', () => {
  it('is offered with NEW VERSION: RELOAD, which activates it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByRole('button', { name: 'NEW VERSION: RELOAD' })).toBeNull();
    let applied = 0;
    announceUpdate(() => {
      applied += 1;
      return Promise.resolve();
    });
    await user.click(await screen.findByRole('button', { name: 'NEW VERSION: RELOAD' }));
    expect(applied).toBe(1);
  });
});
