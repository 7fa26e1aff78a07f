// @vitest-environment happy-dom
// The verify page against a fake API: an honest record is VERIFIED, a tampered one names its first
// mismatch, and a pasted receipt is INCLUDED or NOT FOUND.
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FairnessRecordResponse } from '../../../server/routes/fairness.schemas.ts';
import { AppRoutes } from '../../app/router.tsx';
import { pointWindowAt, startFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { entryLeaf, merkleRoot, mineLeaf, type ClosedFairnessRecord } from './fairness-check.ts';

const KEY = '2026-11-21';
let api: FakeApi | undefined;
// The machine is shared and sometimes slow: a screen is not called broken before 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  await api?.close();
});

/** Entries 2, 2, 7 and 15, a mine on 15: winner 7, no runner-up. */
const honestRecord = async (): Promise<ClosedFairnessRecord> => {
  const rows = await Promise.all(
    [2, 2, 7, 15].map(async (number, i) => {
      const salt = String(i).repeat(32);
      return { entryId: `e${i}`, number, salt, leaf: await entryLeaf(KEY, `e${i}`, number, salt) };
    }),
  );
  const mine = { mineId: 'm1', number: 15, salt: 'c'.repeat(32), leaf: await mineLeaf(KEY, 'm1', 15, 'c'.repeat(32)) };
  const entries = rows.sort((a, b) => (a.leaf < b.leaf ? -1 : 1));
  return {
    gameDate: KEY,
    status: 'closed',
    closedAt: '2026-11-21T00:00:00.000Z',
    root: await merkleRoot(KEY, [...entries.map((e) => e.leaf), mine.leaf].sort()),
    entriesTotal: 4,
    winningNumber: 7,
    secondPlaceNumber: null,
    entries,
    mines: [mine],
  };
};

const serve = async (record: FairnessRecordResponse) => {
  api = await startFakeApi({ [`GET /api/fairness/${record.gameDate}`]: { body: record } });
  pointWindowAt(api.origin);
  renderWithProviders(<AppRoutes />, { route: `/verify/${record.gameDate}` });
};

describe('verify page', () => {
  it('recomputes an honest record: VERIFIED, with the root and the result', async () => {
    const record = await honestRecord();
    await serve(record);
    expect((await screen.findByText('VERIFIED')).getAttribute('role')).toBe('status');
    expect(screen.getByText(record.root ?? '')).toBeTruthy();
    expect(screen.getByRole('heading', { name: `RECORD OF ${KEY}` })).toBeTruthy();
  });

  it('names the first mismatch of a tampered record', async () => {
    const record = await honestRecord();
    const [first, ...rest] = record.entries;
    if (!first) throw new Error('no entry');
    await serve({ ...record, entries: [{ ...first, number: first.number + 1 }, ...rest] });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `MISMATCH: Leaf of entry ${first.entryId} does not match its number and salt.`,
    );
    expect(screen.queryByText('VERIFIED')).toBeNull();
  });

  it('names a published winner that the entries do not give', async () => {
    await serve({ ...(await honestRecord()), winningNumber: 2 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'MISMATCH: The entries give winning number 7, the record says 2.',
    );
  });

  it('says INCLUDED for a receipt in the record, NOT FOUND for a changed one, and names a missing field', async () => {
    const record = await honestRecord();
    await serve(record);
    await screen.findByText('VERIFIED');
    const user = userEvent.setup();
    const box = screen.getByLabelText('PASTE A RECEIPT');
    const entry = record.entries[0];
    if (!entry) throw new Error('no entry');
    const paste = async (value: unknown) => {
      await user.clear(box);
      await user.click(box);
      await user.paste(JSON.stringify(value));
      await user.click(screen.getByRole('button', { name: 'CHECK RECEIPT' }));
    };
    await paste({ gameDate: KEY, ...entry });
    expect(await screen.findByText('INCLUDED')).toBeTruthy();
    await paste({ gameDate: KEY, ...entry, number: entry.number + 1 });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^NOT FOUND/);
    await paste({ gameDate: KEY, entryId: entry.entryId, number: entry.number, leaf: entry.leaf });
    expect((await screen.findByRole('alert')).textContent).toBe('The receipt needs a salt of 32 hex characters.');
  });

  it('says an open game is still open, without any record', async () => {
    await serve({ gameDate: '2026-11-22', status: 'open' });
    expect(await screen.findByRole('heading', { name: 'GAME 2026-11-22 IS OPEN' })).toBeTruthy();
  });
});
