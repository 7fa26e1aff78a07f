// @vitest-environment happy-dom
// The verify page on games of tree version 2 against a fake API serving what core's reference builds: VERIFIED on
// load, the first mismatch of a tampered page, complement node or proof path in words, the player's receipts
// INCLUDED with COPY, FULL AUDIT with its progress bar and CANCEL, and the list of closed games.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeTreeV2Game,
  itemsPath,
  KEY,
  receiptOf,
  sampleGame,
  treeV2Routes,
  type FakeTreeV2Game,
} from '../../../test/support/tree-v2-fake-game.ts';
import { AppRoutes } from '../../app/router.tsx';
import type { Handler } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';

const serve = servePerTest();

const open = async (routes: Record<string, Handler>, signedIn = false) => {
  const api = await serve(routes);
  renderWithProviders(<AppRoutes />, { route: `/verify/${KEY}`, me: signedIn ? player : null });
  return api;
};

/** Holds back the answer of one items page until the returned function is called. */
const holdPage = (routes: Record<string, Handler>, from: number, count: number): (() => void) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const route = `GET ${itemsPath(from, count)}`;
  const page = routes[route];
  routes[route] = async () => {
    await held;
    return page as { body: unknown };
  };
  return release;
};

const region = (name: string) => screen.getByRole('region', { name });
const alertIn = async (name: string) => (await within(region(name)).findByRole('alert')).textContent;

describe('the verify page on a game of tree version 2', () => {
  it.each([0, 1, 5, 300])(
    'checks the winner proof of a game of %i picks on load: VERIFIED, with the summary',
    async (size) => {
      // Pages of 5: the winner proof's items come in several pages.
      const game = sampleGame(size, 5);
      if (size === 300) {
        // The fixture exercises what matters: both places, so only a part of the items is read, plus complement nodes.
        expect(game.summary.secondPlaceNumber).not.toBeNull();
        expect(game.summary.minesTotal).toBeGreaterThan(0);
        expect(game.winnerProof.count).toBeLessThan(size);
        expect(game.winnerProof.complement.length).toBeGreaterThan(0);
        expect(game.winnerProof.count).toBeGreaterThan(10);
      }
      const api = await open(treeV2Routes(game));
      const record = await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
      expect(await within(record).findByText('VERIFIED')).toBeTruthy();
      expect(within(record).getByText(game.summary.root)).toBeTruthy();
      expect(within(record).getByText('Picks:').nextElementSibling?.textContent).toBe(String(size));
      expect(within(record).getByText('Mines:').nextElementSibling?.textContent).toBe(String(game.summary.minesTotal));
      // Only the items the proof needs are read, never the whole game.
      const read = api.requests.filter((r) => r.path.includes('/items?')).length;
      expect(read).toBe(Math.ceil(game.winnerProof.count / 5));
    },
  );

  it('names the first tampered item of the pages the winner proof reads', async () => {
    const game = sampleGame(300, 5);
    const [victim, later] = [game.items[6], game.items[game.winnerProof.count - 1]];
    if (!victim || !later || game.winnerProof.count < 11) throw new Error('the winner proof should read three pages');
    const tampered = new Set([victim.leaf, later.leaf]);
    await open(
      treeV2Routes(game, {
        page: (page) => ({
          ...page,
          items: page.items.map((item) => (tampered.has(item.leaf) ? { ...item, number: item.number + 1 } : item)),
        }),
      }),
    );
    await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
    expect(await alertIn(`RECORD OF ${KEY}`)).toBe(
      `MISMATCH: The published fingerprint of ${victim.kind} ${victim.id} does not match its number and salt.`,
    );
    expect(within(region(`RECORD OF ${KEY}`)).queryByText('VERIFIED')).toBeNull();
  });

  it('names a tampered complement node: the root it gives is not the published one', async () => {
    const game = sampleGame(300, 64);
    const [first, ...rest] = game.winnerProof.complement;
    if (!first) throw new Error('no complement node');
    await open(
      treeV2Routes(game, {
        winnerProof: { ...game.winnerProof, complement: [{ ...first, hash: 'f'.repeat(64) }, ...rest] },
      }),
    );
    await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
    expect(await alertIn(`RECORD OF ${KEY}`)).toMatch(
      /^MISMATCH: The picks give the root [0-9a-f]{12}… covering \d+ to \d+, but the game publishes /,
    );
  });

  it('names a complement node that claims a number the result needs', async () => {
    const game = sampleGame(300, 64);
    const [first, ...rest] = game.winnerProof.complement;
    if (!first) throw new Error('no complement node');
    const bound = game.winnerProof.bound;
    await open(
      treeV2Routes(game, { winnerProof: { ...game.winnerProof, complement: [{ ...first, lo: bound }, ...rest] } }),
    );
    await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
    expect(await alertIn(`RECORD OF ${KEY}`)).toBe(
      `MISMATCH: A part of the tree left out holds number ${bound}, not above ${bound}: a pick that counts could be hidden there.`,
    );
  });

  it('names a published winner that the items do not give', async () => {
    const game = sampleGame(300, 64);
    const wrong = { ...game, summary: { ...game.summary, winningNumber: game.summary.secondPlaceNumber } };
    await open(treeV2Routes(wrong));
    await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
    expect(await alertIn(`RECORD OF ${KEY}`)).toBe(
      `MISMATCH: The picks give winning number ${game.summary.winningNumber}, the game says ${game.summary.secondPlaceNumber}.`,
    );
  });

  describe('signed in', () => {
    const mine = (game: FakeTreeV2Game) =>
      [game.items[3], game.items[150], game.items.find((item) => item.kind === 'mine')].filter(
        (item) => item !== undefined,
      );

    const includedLabel = (item: FakeTreeV2Game['items'][number]) =>
      `${item.kind === 'entry' ? 'Entry' : 'Mine'} on number ${item.number}: INCLUDED`;

    const receiptsRoute = (game: FakeTreeV2Game) => {
      const items = mine(game);
      return {
        [`GET /api/fairness/${KEY}/receipts`]: {
          body: {
            entries: items.filter((i) => i.kind === 'entry').map(receiptOf),
            mines: items.filter((i) => i.kind === 'mine').map(receiptOf),
          },
        },
      };
    };

    it('lists the player’s receipts from the server, each INCLUDED by its proof, each with COPY', async () => {
      const game = sampleGame(300, 64);
      const user = userEvent.setup();
      const api = await open({ ...treeV2Routes(game), ...receiptsRoute(game) }, true);
      const list = await screen.findByRole('list', { name: 'Your receipts' });
      const items = mine(game);
      expect(items).toHaveLength(3);
      for (const item of items) {
        expect(await within(list).findByRole('status', { name: includedLabel(item) })).toBeTruthy();
      }
      for (const item of items) expect(api.requestsTo(`GET /api/fairness/${KEY}/proof/${item.leaf}`)).toHaveLength(1);
      const [first] = items;
      if (!first) throw new Error('no receipt');
      await user.click(
        within(list).getAllByRole('button', { name: `Copy the receipt of number ${first.number}` })[0] as HTMLElement,
      );
      expect(JSON.parse(await navigator.clipboard.readText())).toEqual(receiptOf(first));
      expect(within(list).getAllByText('COPIED')).toHaveLength(1);
    });

    it('names the mismatch of a receipt whose proof path was tampered, and keeps the others INCLUDED', async () => {
      const game = sampleGame(300, 64);
      const [victim, other] = mine(game);
      if (!victim || !other) throw new Error('no receipts');
      const proofOf = (leaf: string) => {
        const proof = game.proofOf(leaf);
        if (proof === null || leaf !== victim.leaf) return proof;
        const [step, ...steps] = proof.path;
        return step ? { ...proof, path: [{ ...step, hash: '0'.repeat(64) }, ...steps] } : proof;
      };
      await open({ ...treeV2Routes(game, { proofOf }), ...receiptsRoute(game) }, true);
      const list = await screen.findByRole('list', { name: 'Your receipts' });
      expect((await within(list).findByRole('alert')).textContent).toMatch(
        /^MISMATCH: The picks give the root [0-9a-f]{12}… covering/,
      );
      expect(await within(list).findByRole('status', { name: includedLabel(other) })).toBeTruthy();
      expect(within(list).getAllByRole('alert')).toHaveLength(1);
      expect(within(list).queryByRole('status', { name: includedLabel(victim) })).toBeNull();
    });

    it('asks nobody signed out for receipts, and offers to sign in', async () => {
      const game = sampleGame(5);
      const api = await open(treeV2Routes(game));
      expect(
        await within(await screen.findByRole('region', { name: 'YOUR RECEIPTS' })).findByText('SIGN IN WITH GOOGLE'),
      ).toBeTruthy();
      expect(api.requestsTo(`GET /api/fairness/${KEY}/receipts`)).toEqual([]);
    });
  });

  it('checks a pasted receipt by its proof: INCLUDED, a changed one named, an unknown one NOT FOUND', async () => {
    const game = sampleGame(40);
    const other = fakeTreeV2Game([{ kind: 'entry', number: 3, salt: 'ab'.repeat(16) }]).items[0];
    const entry = game.items.find((item) => item.kind === 'entry');
    if (!entry || !other) throw new Error('no entry');
    await open(treeV2Routes(game));
    await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED');
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'CHECK A RECEIPT' });
    const box = within(form).getByLabelText('PASTE A RECEIPT');
    const paste = async (value: unknown) => {
      await user.clear(box);
      await user.click(box);
      await user.paste(JSON.stringify(value));
      await user.click(within(form).getByRole('button', { name: 'CHECK RECEIPT' }));
    };
    await paste(receiptOf(entry));
    expect(await within(form).findByText('INCLUDED')).toBeTruthy();
    await paste({ ...receiptOf(entry), number: entry.number + 1 });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'MISMATCH: The receipt’s fingerprint does not match its own number and salt: it was changed after it was issued.',
    );
    await paste(receiptOf(other));
    expect((await within(form).findByText(/^NOT FOUND/)).textContent).toBe(
      `NOT FOUND: this receipt is not in the record of ${KEY} as it stands.`,
    );
  });

  describe('FULL AUDIT', () => {
    it('reads every page with a progress bar and says VERIFIED', async () => {
      const game = sampleGame(300, 64);
      const routes = treeV2Routes(game);
      const release = holdPage(routes, 256, 44);
      const api = await open(routes);
      await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED');
      const audit = region('FULL AUDIT');
      await userEvent.setup().click(within(audit).getByRole('button', { name: 'START FULL AUDIT' }));
      expect(await within(audit).findByText('AUDITING: 256 OF 300 PICKS')).toBeTruthy();
      const bar = within(audit).getByRole('progressbar', { name: 'Audit progress' });
      expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['256', '300']);
      release();
      expect(await within(audit).findByText('VERIFIED')).toBeTruthy();
      expect(within(audit).queryByRole('progressbar')).toBeNull();
      for (let from = 0; from < 300; from += 64)
        expect(api.requestsTo(`GET ${itemsPath(from, Math.min(64, 300 - from))}`).length).toBeGreaterThan(0);
    });

    it('names the first mismatch of a page the winner proof never reads', async () => {
      const game = sampleGame(300, 64);
      const victim = game.items[260];
      if (!victim || game.winnerProof.count > 256) throw new Error('the fixture should leave item 260 to the audit');
      await open(
        treeV2Routes(game, {
          page: (page) => ({
            ...page,
            items: page.items.map((item) => (item.leaf === victim.leaf ? { ...item, salt: 'e'.repeat(32) } : item)),
          }),
        }),
      );
      await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED');
      const audit = region('FULL AUDIT');
      await userEvent.setup().click(within(audit).getByRole('button', { name: 'START FULL AUDIT' }));
      expect((await within(audit).findByRole('alert')).textContent).toBe(
        `MISMATCH: The published fingerprint of ${victim.kind} ${victim.id} does not match its number and salt.`,
      );
    });

    it('stops at CANCEL: the bar goes, the count read so far stays, and the audit can start again', async () => {
      const game = sampleGame(300, 64);
      const routes = treeV2Routes(game);
      const release = holdPage(routes, 64, 64);
      await open(routes);
      await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED');
      const audit = region('FULL AUDIT');
      const user = userEvent.setup();
      await user.click(within(audit).getByRole('button', { name: 'START FULL AUDIT' }));
      await within(audit).findByText('AUDITING: 64 OF 300 PICKS');
      await user.click(within(audit).getByRole('button', { name: 'CANCEL' }));
      expect(within(audit).getByText('CANCELLED after 64 of 300 picks.')).toBeTruthy();
      expect(within(audit).queryByRole('progressbar')).toBeNull();
      expect(within(audit).queryByRole('button', { name: 'CANCEL' })).toBeNull();
      expect(within(audit).getByRole('button', { name: 'AUDIT AGAIN' })).toBeTruthy();
      release();
    });
  });
});

describe('/verify', () => {
  it('lists the closed games newest first, each linking to its page, the open one left out', async () => {
    await serve({
      'GET /api/history?limit=100': {
        body: {
          items: [
            { gameDate: '2026-11-26', status: 'open' },
            { gameDate: '2026-11-25-2', status: 'closed' },
            { gameDate: '2026-11-25', status: 'closed' },
            { gameDate: '2026-11-24', status: 'closed' },
          ],
        },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/verify' });
    const list = await screen.findByRole('list', { name: 'Closed games, newest first' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['2026-11-25-2', '/verify/2026-11-25-2'],
      ['2026-11-25', '/verify/2026-11-25'],
      ['2026-11-24', '/verify/2026-11-24'],
    ]);
    expect(screen.getByLabelText('GAME DATE')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'HOW THIS WORKS' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/docs\/|\.md\b/);
  });
});
