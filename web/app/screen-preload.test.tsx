// @vitest-environment happy-dom
// The screen the page opens on: its files preloaded by the page's first script, from the list the build puts in
// index.html; and, once loaded before the first render, drawn at once with no loading state.
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen.ts';
import { loadScreenAt, RulesScreen } from './lazy-screens.tsx';
import { renderWithProviders } from '../testing/render.tsx';
import { preloadScreen, SCREEN_FILES_ID } from './screen-preload.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const listFiles = (files: Record<string, string[]>) => {
  const list = document.createElement('script');
  list.type = 'application/json';
  list.id = SCREEN_FILES_ID;
  list.textContent = JSON.stringify(files);
  document.head.append(list);
};

const preloads = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    href: link.getAttribute('href'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));

describe('preloadScreen', () => {
  const files = {
    verify: ['assets/verify-screen-1.js', 'assets/get-history-2.js', 'assets/verify-screen-3.css'],
    stats: ['assets/stats-screen-4.js'],
  };

  it('preloads the scripts and styles of the screen named by the first segment of the address, as the app asks for them', () => {
    listFiles(files);
    preloadScreen('/verify/2026-11-20');
    expect(preloads()).toEqual([
      { rel: 'modulepreload', as: null, href: '/assets/verify-screen-1.js', crossOrigin: '' },
      { rel: 'modulepreload', as: null, href: '/assets/get-history-2.js', crossOrigin: '' },
      { rel: 'preload', as: 'style', href: '/assets/verify-screen-3.css', crossOrigin: '' },
    ]);
  });

  it('preloads nothing on the play screen, at an unknown address, or without the list', () => {
    listFiles(files);
    preloadScreen('/');
    preloadScreen('/submit');
    preloadScreen('/no-such-screen');
    preloadScreen('/toString');
    expect(preloads()).toEqual([]);
    document.head.innerHTML = '';
    preloadScreen('/stats');
    expect(preloads()).toEqual([]);
  });
});

function Loaded() {
  return <h1>LOADED SCREEN</h1>;
}

describe('a lazy screen loaded before its first render', () => {
  it('renders at once, without the loading state', async () => {
    let imports = 0;
    const Screen = lazyScreen('/loaded', () => {
      imports += 1;
      return Promise.resolve(Loaded);
    });
    await Screen.load();
    render(
      <Suspense fallback={<p>LOADING…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'LOADED SCREEN' })).toBeTruthy();
    expect(screen.queryByText('LOADING…')).toBeNull();
    expect(imports).toBe(1);
  });

  it('not loaded yet, shows the loading state and then the screen', async () => {
    const Screen = lazyScreen('/loaded', () => Promise.resolve(Loaded));
    render(
      <Suspense fallback={<p>LOADING…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('LOADING…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'LOADED SCREEN' })).toBeTruthy();
  });

  it('loadScreenAt loads the lazy screen at an address, so the router draws it at once; other addresses load nothing', async () => {
    await Promise.all([
      loadScreenAt('/rules'),
      loadScreenAt('/'),
      loadScreenAt('/no-such-screen'),
      loadScreenAt('/constructor'),
    ]);
    renderWithProviders(
      <Suspense fallback={<p>LOADING…</p>}>
        <RulesScreen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/RULES/);
    expect(screen.queryByText('LOADING…')).toBeNull();
  });
});

describe('a lazy screen drawn through its loading state', () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return (
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        COUNT {count}
      </button>
    );
  }

  it('keeps its state when drawn again, whether or not it was loaded since', async () => {
    const Screen = lazyScreen('/loaded', () => Promise.resolve(Counter));
    const tree = (label: string) => (
      <Suspense fallback={<p>LOADING…</p>}>
        <p>{label}</p>
        <Screen />
      </Suspense>
    );
    const { rerender } = render(tree('first'));
    await userEvent.click(await screen.findByRole('button', { name: 'COUNT 0' }));
    expect(screen.getByRole('button', { name: 'COUNT 1' })).toBeTruthy();
    rerender(tree('second'));
    expect(screen.getByRole('button', { name: 'COUNT 1' })).toBeTruthy();
    await Screen.load();
    rerender(tree('third'));
    expect(screen.getByRole('button', { name: 'COUNT 1' })).toBeTruthy();
  });
});
