import { describe, expect, it } from 'vitest';
import type { MyEntryDto } from '../../../server/routes/entry.schemas.ts';
import type { NumberLimitsDto } from '../../../server/routes/game.schemas.ts';
import { NUMBER_LIMITS } from '../../../core/game/number-limits.ts';
import { checkMineNumber, checkPeakNumber, checkPlayNumber, entryFormLabels, expiresSoon } from './entry-form.ts';

const entry: MyEntryDto = {
  id: 'e1',
  number: 7,
  entryType: 'standard',
  submittedAt: '2026-11-22T01:00:00.000Z',
  gameDate: '2026-11-22',
  entryId: 'e1',
  salt: '0'.repeat(32),
  leaf: 'f'.repeat(64),
};

describe('entry form labels', () => {
  it('asks for YOUR NUMBER before any entry (and when signed out)', () => {
    expect(entryFormLabels(null)).toEqual({ label: 'YOUR NUMBER', button: 'SUBMIT & PRAY' });
    expect(entryFormLabels({ entries: [], availableBonusEntries: 2 })).toEqual({
      label: 'YOUR NUMBER',
      button: 'SUBMIT & PRAY',
    });
  });

  it('offers the bonus entry after the first entry when one is available', () => {
    expect(entryFormLabels({ entries: [entry], availableBonusEntries: 1 })).toEqual({
      label: 'BONUS ENTRY',
      button: 'USE BONUS ENTRY',
    });
  });

  it('falls back to ANOTHER NUMBER without a bonus entry', () => {
    expect(entryFormLabels({ entries: [entry], availableBonusEntries: 0 })).toEqual({
      label: 'ANOTHER NUMBER',
      button: 'SUBMIT ANOTHER',
    });
  });
});

describe('number validation, with the limits the server sends', () => {
  it('accepts whole numbers from 1 to 2,147,483,647', () => {
    expect(checkPlayNumber('1', NUMBER_LIMITS)).toEqual({ ok: true, value: 1 });
    expect(checkPlayNumber(' 42 ', NUMBER_LIMITS)).toEqual({ ok: true, value: 42 });
    expect(checkPlayNumber('2147483647', NUMBER_LIMITS)).toEqual({ ok: true, value: 2_147_483_647 });
  });

  it('rejects empty, zero, negative, decimal and non-numeric input with the play message', () => {
    for (const raw of ['', '0', '-3', '2.5', '1e3', 'abc', '00']) {
      expect(checkPlayNumber(raw, NUMBER_LIMITS)).toEqual({
        ok: false,
        message: 'Enter a whole number greater than zero.',
      });
    }
  });

  it('rejects numbers above the maximum', () => {
    expect(checkPlayNumber('2147483648', NUMBER_LIMITS)).toEqual({
      ok: false,
      message: 'Please enter a number up to 2,147,483,647.',
    });
    expect(checkPeakNumber('99999999999999999999', NUMBER_LIMITS)).toEqual({
      ok: false,
      message: 'Please enter a number up to 2,147,483,647.',
    });
  });

  it('uses the Peak wording and the Mine minimum of 10, each as the server answers it', () => {
    expect(checkPeakNumber('0', NUMBER_LIMITS)).toEqual({
      ok: false,
      message: 'Enter a whole number greater than zero',
    });
    expect(checkMineNumber('9', NUMBER_LIMITS)).toEqual({
      ok: false,
      message: 'Mine can only be used on numbers 10 or greater',
    });
    expect(checkMineNumber('10', NUMBER_LIMITS)).toEqual({ ok: true, value: 10 });
    expect(checkMineNumber('x', NUMBER_LIMITS)).toEqual({
      ok: false,
      message: 'Enter a whole number greater than zero.',
    });
  });

  it('keeps whatever other limits and texts the server sends', () => {
    const other: NumberLimitsDto = {
      minNumber: 1,
      maxNumber: 500,
      mineMinNumber: 25,
      messages: {
        wholeNumber: 'Whole, please.',
        peakWholeNumber: 'Peak: whole, please.',
        tooLarge: 'At most 500.',
        mineTooLow: 'Mines from 25.',
      },
    };
    expect(checkPlayNumber('501', other)).toEqual({ ok: false, message: 'At most 500.' });
    expect(checkPlayNumber('500', other)).toEqual({ ok: true, value: 500 });
    expect(checkPlayNumber('0', other)).toEqual({ ok: false, message: 'Whole, please.' });
    expect(checkPeakNumber('x', other)).toEqual({ ok: false, message: 'Peak: whole, please.' });
    expect(checkMineNumber('24', other)).toEqual({ ok: false, message: 'Mines from 25.' });
    expect(checkMineNumber('25', other)).toEqual({ ok: true, value: 25 });
  });
});

describe('bonus entry expiry warning', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  it('warns under 24 hours and not at or beyond', () => {
    expect(expiresSoon('2026-11-23T11:59:59.000Z', now)).toBe(true);
    expect(expiresSoon('2026-11-23T12:00:00.000Z', now)).toBe(false);
    expect(expiresSoon('2026-11-29T12:00:00.000Z', now)).toBe(false);
  });
});
