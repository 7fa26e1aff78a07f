// @vitest-environment happy-dom
// Shared pieces: the root badge (statistics) and SAVE RECEIPT (play screen).
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render.tsx';
import { RootBadge } from './root-badge.tsx';
import { receiptFileName, receiptJson, SaveReceiptButton } from './save-receipt-button.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const receipt = { gameDate: '2026-11-21', entryId: 'e1', number: 7, salt: 'a'.repeat(32), leaf: 'b'.repeat(64) };

describe('RootBadge', () => {
  it("shows the root's first 12 characters and links VERIFY to the game's verify page", () => {
    renderWithProviders(<RootBadge gameKey="2026-11-21-2" root={'0123456789abcdef'.repeat(4)} />);
    expect(screen.getByText('0123456789ab')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'VERIFY' }).getAttribute('href')).toBe('/verify/2026-11-21-2');
  });

  it('says when a game has no root', () => {
    renderWithProviders(<RootBadge gameKey="2026-11-01" root={null} />);
    expect(screen.getByText('none (closed before receipts existed)')).toBeTruthy();
  });
});

describe('SaveReceiptButton', () => {
  it('downloads the receipt, and only its five fields, as JSON', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:receipt';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // The play screen passes the whole entry; the file holds the receipt's fields only.
    const entry = { ...receipt, id: 'e1', entryType: 'standard' as const, submittedAt: '2026-11-20T12:00:00.000Z' };
    renderWithProviders(<SaveReceiptButton receipt={entry} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save receipt for number 7' }));
    expect(clicked).toEqual(['lowest-unique-receipt-2026-11-21-7.json']);
    expect(JSON.parse(await (created[0] ?? new Blob()).text())).toEqual(receipt);
    expect(receiptFileName(receipt)).toBe('lowest-unique-receipt-2026-11-21-7.json');
    expect(receiptJson(receipt)).toBe(JSON.stringify(receipt, null, 2) + '\n');
  });
});
