// @vitest-environment happy-dom
// Signed receipts on the verify page, checked in the browser with Web Crypto against the published keys: SIGNED by
// key X at T and INCLUDED; a signed pick the closed game left out OMITTED, with the evidence to download; UNSIGNED
// receipts never OMITTED; a changed field, a time after the close or neighbours that do not prove the absence named.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeDigest } from '../../../adapters/crypto/node-digest.ts';
import { entryLeaf } from '../../../core/fairness/hashes.ts';
import { signReceipt, TEST_KEY_ID, testKey } from '../../../test/support/receipt-signing.ts';
import {
  KEY,
  neighboursOf,
  neighboursPath,
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
const SIGNED_AT = '2026-12-01T09:30:00.250Z';
const KEYS_ROUTE = { 'GET /api/fairness/keys': { body: [testKey()] } };

/** An entry the game never held, signed by the game at `signedAt`: the pick it left out. */
const leftOut = (number: number, signedAt = SIGNED_AT) => {
  const salt = '5a'.repeat(16);
  const leaf = entryLeaf(nodeDigest, KEY, 'left-out', number, salt);
  return signReceipt({ gameDate: KEY, entryId: 'left-out', number, salt, leaf }, signedAt);
};

const neighboursRoute = (game: FakeTreeV2Game, receipt: { number: number; leaf: string }): Record<string, Handler> => ({
  [`GET ${neighboursPath(receipt.number, receipt.leaf)}`]: { body: neighboursOf(game, receipt.number, receipt.leaf) },
});

const open = async (routes: Record<string, Handler>, signedIn = false) => {
  const api = await serve(routes);
  renderWithProviders(<AppRoutes />, { route: `/verify/${KEY}`, me: signedIn ? player : null });
  await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED');
  return api;
};

/** Catches what DOWNLOAD EVIDENCE saves: the file names and their texts. */
const catchDownloads = () => {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:evidence';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, texts: () => Promise.all(blobs.map((b) => b.text())) };
};

afterEach(() => vi.restoreAllMocks());

const omittedText = (signedAt: string) =>
  `OMITTED — the game signed this pick at ${signedAt} and left it out of the closed game`;

describe('a signed receipt on the verify page', () => {
  const game = sampleGame(40);
  const entry = game.items.find((item) => item.kind === 'entry');
  if (!entry) throw new Error('no entry');

  const pasteInto = async (value: unknown) => {
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'CHECK A RECEIPT' });
    const box = within(form).getByLabelText('PASTE A RECEIPT');
    await user.clear(box);
    await user.click(box);
    await user.paste(JSON.stringify(value));
    await user.click(within(form).getByRole('button', { name: 'CHECK RECEIPT' }));
    return form;
  };

  it('pasted, signed and in the game: SIGNED by the key at its time, and INCLUDED', async () => {
    await open({ ...treeV2Routes(game), ...KEYS_ROUTE });
    const form = await pasteInto(signReceipt(receiptOf(entry), SIGNED_AT));
    expect(await within(form).findByText('INCLUDED')).toBeTruthy();
    expect(within(form).getByText(`SIGNED by key ${TEST_KEY_ID} at ${SIGNED_AT}`)).toBeTruthy();
  });

  it('pasted, signed and left out of the game: OMITTED, and DOWNLOAD EVIDENCE saves what proves it', async () => {
    const receipt = leftOut(entry.number);
    const downloads = catchDownloads();
    await open({ ...treeV2Routes(game), ...KEYS_ROUTE, ...neighboursRoute(game, receipt) });
    const form = await pasteInto(receipt);
    expect(await within(form).findByText(omittedText(SIGNED_AT))).toBeTruthy();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'DOWNLOAD EVIDENCE' }));
    expect(downloads.names).toEqual([`omission-${KEY}-${receipt.leaf.slice(0, 8)}.json`]);
    const [text] = await downloads.texts();
    expect(JSON.parse(text ?? '')).toEqual({
      format: 'lowest-unique/omission-evidence/v1',
      receipt,
      key: testKey(),
      summary: game.summary,
      neighbours: neighboursOf(game, receipt.number, receipt.leaf),
    });
    expect(document.body.textContent).not.toMatch(/docs\/|\.md\b|core\/|web\//);
  });

  it('from a receipt file, checked the same way', async () => {
    const receipt = leftOut(entry.number + 1);
    await open({ ...treeV2Routes(game), ...KEYS_ROUTE, ...neighboursRoute(game, receipt) });
    const form = screen.getByRole('form', { name: 'CHECK A RECEIPT' });
    const file = new File([JSON.stringify(receipt)], 'receipt.json', { type: 'application/json' });
    await userEvent.setup().upload(within(form).getByLabelText('OR UPLOAD A RECEIPT FILE'), file);
    expect(await within(form).findByText(omittedText(SIGNED_AT))).toBeTruthy();
  });

  it('changed in any signed field: BAD SIGNATURE, and never OMITTED', async () => {
    const receipt = leftOut(entry.number);
    await open({ ...treeV2Routes(game), ...KEYS_ROUTE, ...neighboursRoute(game, receipt) });
    for (const tampered of [
      { ...receipt, signedAt: '2026-12-01T09:30:00.251Z' },
      { ...receipt, sig: signReceipt(receiptOf(entry), SIGNED_AT).sig },
    ]) {
      const form = await pasteInto(tampered);
      expect(await within(form).findByText('BAD SIGNATURE (the signature does not match)')).toBeTruthy();
      expect(within(form).getByText(/^NOT FOUND/)).toBeTruthy();
      expect(within(form).queryByText(/OMITTED/)).toBeNull();
    }
  });

  it('signed after the game closed, or by a key nobody published: BAD SIGNATURE with the reason', async () => {
    const closedAt = game.summary.closedAt ?? '';
    const late = leftOut(entry.number, '2026-12-02T00:00:00.001Z');
    await open({ ...treeV2Routes(game), ...KEYS_ROUTE, ...neighboursRoute(game, late) });
    let form = await pasteInto(late);
    expect(
      await within(form).findByText(
        `BAD SIGNATURE (signed after the game closed (2026-12-02T00:00:00.001Z is after ${closedAt}: refused))`,
      ),
    ).toBeTruthy();
    expect(within(form).queryByText(/OMITTED/)).toBeNull();
    form = await pasteInto({ ...leftOut(entry.number), keyId: '0123456789abcdef' });
    expect(await within(form).findByText('BAD SIGNATURE (unknown key 0123456789abcdef)')).toBeTruthy();
  });

  it('on a deployment that publishes no keys (404): BAD SIGNATURE naming the unknown key', async () => {
    await open(treeV2Routes(game));
    const form = await pasteInto(signReceipt(receiptOf(entry), SIGNED_AT));
    expect(await within(form).findByText(`BAD SIGNATURE (unknown key ${TEST_KEY_ID})`)).toBeTruthy();
    expect(within(form).getByText('INCLUDED')).toBeTruthy();
  });

  it('unsigned and not in the game: UNSIGNED and NOT FOUND, never OMITTED, without asking for keys or neighbours', async () => {
    const { signedAt, keyId, sig, ...unsigned } = leftOut(entry.number);
    expect([signedAt, keyId, sig].every((v) => v !== undefined)).toBe(true);
    const api = await open({ ...treeV2Routes(game), ...KEYS_ROUTE, ...neighboursRoute(game, unsigned) });
    const form = await pasteInto(unsigned);
    expect(await within(form).findByText(/^NOT FOUND/)).toBeTruthy();
    expect(within(form).getByText('UNSIGNED')).toBeTruthy();
    expect(within(form).queryByText(/OMITTED/)).toBeNull();
    expect(api.requests.filter((r) => /\/keys|\/neighbours/.test(r.path))).toEqual([]);
  });

  it('signed but missing, with neighbours that do not stand side by side: the mismatch, not OMITTED', async () => {
    const receipt = leftOut(game.items[20]?.number ?? 0);
    const honest = neighboursOf(game, receipt.number, receipt.leaf);
    const wider = honest.left ? neighboursOf(game, honest.left.item.number, honest.left.item.leaf).left : null;
    await open({
      ...treeV2Routes(game),
      ...KEYS_ROUTE,
      [`GET ${neighboursPath(receipt.number, receipt.leaf)}`]: { body: { ...honest, left: wider } },
    });
    const form = await pasteInto(receipt);
    expect((await within(form).findByRole('alert')).textContent).toMatch(
      /^MISMATCH: The game has no proof for this pick, and what it gives around it does not prove it absent\. The picks around it \(positions \d+ and \d+ of 40\) do not stand side by side/,
    );
    expect(within(form).queryByText(/OMITTED/)).toBeNull();
  });

  it('refuses a pasted receipt with part of a signature', async () => {
    await open({ ...treeV2Routes(game), ...KEYS_ROUTE });
    const { sig, ...partial } = signReceipt(receiptOf(entry), SIGNED_AT);
    expect(sig).toBeTruthy();
    const form = await pasteInto(partial);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The receipt has part of a signature: it needs signedAt, keyId and sig together.',
    );
  });
});

describe('the signed-in player’s receipts', () => {
  it('each shows its signature; a signed one the game left out is OMITTED; an unsigned one stays UNSIGNED', async () => {
    const game = sampleGame(40);
    const [held, other] = game.items.filter((item) => item.kind === 'entry');
    if (!held || !other) throw new Error('no entries');
    const missing = leftOut(held.number);
    const { signedAt, keyId, sig, ...unsignedMissing } = leftOut(other.number);
    expect(signedAt && keyId && sig).toBeTruthy();
    const api = await open(
      {
        ...treeV2Routes(game),
        ...KEYS_ROUTE,
        ...neighboursRoute(game, missing),
        [`GET /api/fairness/${KEY}/receipts`]: {
          body: { entries: [signReceipt(receiptOf(held), SIGNED_AT), missing, unsignedMissing], mines: [] },
        },
      },
      true,
    );
    const list = await screen.findByRole('list', { name: 'Your receipts' });
    expect(await within(list).findByRole('status', { name: `Entry on number ${held.number}: INCLUDED` })).toBeTruthy();
    expect(await within(list).findByText(omittedText(SIGNED_AT))).toBeTruthy();
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText(`SIGNED by key ${TEST_KEY_ID} at ${SIGNED_AT}`)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'DOWNLOAD EVIDENCE' })).toBeTruthy();
    const third = rows[2] as HTMLElement;
    expect(await within(third).findByText('The game as published does not hold this receipt.')).toBeTruthy();
    expect(within(third).getByText('UNSIGNED')).toBeTruthy();
    expect(within(third).queryByText(/OMITTED/)).toBeNull();
    // One list of keys for the page, however many signed receipts.
    expect(api.requestsTo('GET /api/fairness/keys')).toHaveLength(1);
  });
});
