import { describe, it, expect } from 'vitest';
import { defaultPageSize, isBotUser, pageSizeOptions, pagerView } from './submissions-pagination.ts';

function pagination(page: number, totalPages: number) {
  return {
    page,
    limit: 20,
    totalCount: totalPages * 20,
    totalPages,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
  };
}

describe('pagerView', () => {
  it('hides the pager when everything fits on one page (or nothing is there)', () => {
    expect(pagerView(pagination(1, 1)).visible).toBe(false);
    expect(pagerView(pagination(1, 0)).visible).toBe(false);
  });

  it('shows PAGE x OF y with PREV disabled on the first page', () => {
    const view = pagerView(pagination(1, 3));
    expect(view).toMatchObject({ visible: true, label: 'PAGE 1 OF 3', canPrevious: false, canNext: true, nextPage: 2 });
  });

  it('allows both directions in the middle and only PREV on the last page', () => {
    expect(pagerView(pagination(2, 3))).toMatchObject({
      canPrevious: true,
      canNext: true,
      previousPage: 1,
      nextPage: 3,
    });
    expect(pagerView(pagination(3, 3))).toMatchObject({ label: 'PAGE 3 OF 3', canPrevious: true, canNext: false });
  });

  it('keeps the label within range when the page is past the end', () => {
    expect(pagerView({ ...pagination(5, 2), hasPreviousPage: true, hasNextPage: false }).label).toBe('PAGE 2 OF 2');
  });

  it('offers 10, 20 and 50 rows with 20 by default', () => {
    expect(pageSizeOptions).toEqual([10, 20, 50]);
    expect(defaultPageSize).toBe(20);
  });
});

describe('isBotUser', () => {
  it("recognises ids starting with 'bot:'", () => {
    expect(isBotUser('bot:0001')).toBe(true);
    expect(isBotUser('user-bot:1')).toBe(false);
    expect(isBotUser(null)).toBe(false);
  });
});
