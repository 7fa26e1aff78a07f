import { describe, it, expect } from 'vitest';
import { makeDeps, rejection } from '../../test/support/fakes.ts';
import { prizeForDate } from './prize-for-date.ts';
import {
  deletePrizeForDate,
  prizeConfig,
  prizeOfDate,
  resetWeeklyPrize,
  saveDatePrize,
  saveWeeklyPrize,
  togglePrize,
} from './prize-config.ts';
import { dayOfWeekOf, isCalendarDate } from './weekly-defaults.ts';
import { formatMoney } from './money.ts';

// 2026-11-16 is a Monday.
const MONDAY = '2026-11-16';
const SUNDAY = '2026-11-22';
const ADMIN_ID = 'admin-1';

describe('calendar helpers', () => {
  it('numbers weekdays 1 = Monday … 7 = Sunday', () => {
    expect(dayOfWeekOf(MONDAY)).toBe(1);
    expect(dayOfWeekOf('2026-11-21')).toBe(6);
    expect(dayOfWeekOf(SUNDAY)).toBe(7);
    expect(dayOfWeekOf('2024-02-29')).toBe(4);
    expect(dayOfWeekOf('2026-11-22-2')).toBe(7);
  });

  it('accepts only real dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });

  it('formats money as dollars for USD and with the code otherwise', () => {
    expect(formatMoney(1050, 'USD')).toBe('$10.50');
    expect(formatMoney(7, 'EUR')).toBe('0.07 EUR');
  });
});

describe('prizeForDate', () => {
  it('falls back to the built-in weekly table', async () => {
    const deps = makeDeps();
    const monday = await deps.store.read((r) => prizeForDate(r, MONDAY, 'USD'));
    expect(monday).toEqual({
      status: 'active',
      dayOfWeek: 1,
      configId: null,
      prize: { prizeType: 'cash', amountCents: 1000, currency: 'USD', description: 'Monday Cash Prize' },
    });
    const amounts = await Promise.all(
      ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'].map((d) =>
        deps.store.read((r) => prizeForDate(r, d, 'AUD')),
      ),
    );
    expect(amounts.map((a) => (a.status === 'active' ? a.prize.amountCents : -1))).toEqual([
      1000, 2000, 3000, 4000, 5000, 10000, 20000,
    ]);
    expect(amounts.every((a) => a.status === 'active' && a.prize.currency === 'AUD')).toBe(true);
  });

  it('prefers the date override, then the stored weekly row', async () => {
    const deps = makeDeps();
    await saveWeeklyPrize(
      deps,
      { dayOfWeek: 1, prizeType: 'voucher', amountCents: 2500, description: 'Gift card', isActive: true },
      ADMIN_ID,
    );
    const weekly = await deps.store.read((r) => prizeForDate(r, '2026-11-23', 'USD'));
    expect(weekly.status === 'active' && weekly.prize).toEqual({
      prizeType: 'voucher',
      amountCents: 2500,
      currency: 'USD',
      description: 'Gift card',
    });
    await saveDatePrize(
      deps,
      { date: MONDAY, prizeType: 'cash', amountCents: 99900, description: 'Launch day' },
      ADMIN_ID,
    );
    const override = await deps.store.read((r) => prizeForDate(r, MONDAY, 'USD'));
    expect(override.status === 'active' && override.prize.amountCents).toBe(99900);
    expect(override.status === 'active' && override.configId).not.toBeNull();
  });

  it('reports an inactive weekday as disabled with the spec message', async () => {
    const deps = makeDeps();
    await saveWeeklyPrize(
      deps,
      { dayOfWeek: 7, prizeType: 'cash', amountCents: 100, description: '', isActive: false },
      ADMIN_ID,
    );
    expect(await deps.store.read((r) => prizeForDate(r, SUNDAY, 'USD'))).toEqual({
      status: 'disabled',
      dayOfWeek: 7,
      message: 'No prizes are currently offered on Sundays',
    });
    const error = await rejection(prizeOfDate(deps, SUNDAY));
    expect(error.code).toBe('PRIZE_DISABLED');
    expect(error.details).toEqual({
      status: 'disabled',
      message: 'No prizes are currently offered on Sundays',
      dayOfWeek: 7,
    });
  });
});

describe('prizeOfDate', () => {
  it('answers the active prize and refuses a bad date', async () => {
    const deps = makeDeps();
    expect(await prizeOfDate(deps, '2026-11-21')).toEqual({
      status: 'active',
      dayOfWeek: 6,
      prize: { prizeType: 'cash', amountCents: 10000, currency: 'USD', description: 'Saturday Cash Prize' },
    });
    expect((await prizeOfDate(deps, '2026-11-21-2')).dayOfWeek).toBe(6);
    expect((await rejection(prizeOfDate(deps, '2026-02-30'))).code).toBe('VALIDATION');
    expect((await rejection(prizeOfDate(deps, 'tomorrow'))).code).toBe('VALIDATION');
  });
});

describe('prize configuration', () => {
  it('lists 7 built-in weekly rows, then overrides by date', async () => {
    const deps = makeDeps();
    await saveDatePrize(
      deps,
      { date: '2026-12-25', prizeType: 'voucher', amountCents: 5000, description: 'Xmas' },
      ADMIN_ID,
    );
    await saveDatePrize(
      deps,
      { date: '2026-12-01', prizeType: 'cash', amountCents: 100, description: 'December' },
      ADMIN_ID,
    );
    await saveWeeklyPrize(
      deps,
      { dayOfWeek: 3, prizeType: 'cash', amountCents: 3333, description: 'Midweek', isActive: true },
      ADMIN_ID,
    );
    const { prizes } = await prizeConfig(deps);
    expect(prizes).toHaveLength(9);
    expect(prizes.slice(0, 7).map((p) => p.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(prizes[0]).toMatchObject({
      isDefault: true,
      amountCents: 1000,
      defaultAmountCents: 1000,
      description: 'Monday Cash Prize',
      isActive: true,
    });
    expect(prizes[2]).toMatchObject({
      isDefault: false,
      amountCents: 3333,
      defaultAmountCents: 3000,
      description: 'Midweek',
    });
    expect(prizes.slice(7).map((p) => p.date)).toEqual(['2026-12-01', '2026-12-25']);
    expect(prizes[8]).toMatchObject({ isDefault: false, defaultAmountCents: null, prizeType: 'voucher', dayOfWeek: 5 });
  });

  it('saves a weekly row in place and resets it to the default', async () => {
    const deps = makeDeps();
    const first = await saveWeeklyPrize(
      deps,
      { dayOfWeek: 2, prizeType: 'voucher', amountCents: 0, description: '  ', isActive: true },
      ADMIN_ID,
    );
    expect(first.message).toBe('Tuesday prize updated successfully');
    expect(first.prize.description).toBe('Tuesday Voucher Prize');
    const second = await saveWeeklyPrize(
      deps,
      { dayOfWeek: 2, prizeType: 'cash', amountCents: 1, description: 'x', isActive: true },
      ADMIN_ID,
    );
    expect(second.prize.id).toBe(first.prize.id);
    expect((await deps.store.read((r) => r.prizes.list())).length).toBe(1);
    const reset = await resetWeeklyPrize(deps, 2, ADMIN_ID);
    expect(reset.message).toBe('Tuesday prize reset to default');
    expect((await prizeConfig(deps)).prizes[1]).toMatchObject({ isDefault: true, amountCents: 2000 });
  });

  it('validates weekly input', async () => {
    const deps = makeDeps();
    const base = { dayOfWeek: 1, prizeType: 'cash', amountCents: 100, description: 'd', isActive: true };
    expect((await rejection(saveWeeklyPrize(deps, { ...base, dayOfWeek: 0 }, ADMIN_ID))).message).toBe(
      'Day of week must be 1 (Monday) to 7 (Sunday)',
    );
    expect((await rejection(saveWeeklyPrize(deps, { ...base, dayOfWeek: 8 }, ADMIN_ID))).code).toBe('VALIDATION');
    expect((await rejection(saveWeeklyPrize(deps, { ...base, prizeType: 'gold' }, ADMIN_ID))).message).toBe(
      'Prize type must be cash or voucher',
    );
    expect((await rejection(saveWeeklyPrize(deps, { ...base, amountCents: -1 }, ADMIN_ID))).code).toBe('VALIDATION');
    expect((await rejection(saveWeeklyPrize(deps, { ...base, amountCents: 10.5 }, ADMIN_ID))).code).toBe('VALIDATION');
    expect((await rejection(resetWeeklyPrize(deps, 9, ADMIN_ID))).code).toBe('VALIDATION');
    expect(await deps.store.read((r) => r.prizes.list())).toEqual([]);
  });

  it('validates overrides with the spec message', async () => {
    const deps = makeDeps();
    const message = 'Date and description are required';
    expect(
      (
        await rejection(
          saveDatePrize(deps, { date: '', prizeType: 'cash', amountCents: 1, description: 'x' }, ADMIN_ID),
        )
      ).message,
    ).toBe(message);
    expect(
      (
        await rejection(
          saveDatePrize(deps, { date: MONDAY, prizeType: 'cash', amountCents: 1, description: '   ' }, ADMIN_ID),
        )
      ).message,
    ).toBe(message);
    expect((await rejection(saveDatePrize(deps, { prizeType: 'cash', amountCents: 1 }, ADMIN_ID))).message).toBe(
      message,
    );
    expect(
      (
        await rejection(
          saveDatePrize(deps, { date: '2026-02-31', prizeType: 'cash', amountCents: 1, description: 'x' }, ADMIN_ID),
        )
      ).code,
    ).toBe('VALIDATION');
    expect(
      (
        await rejection(
          saveDatePrize(deps, { date: MONDAY, prizeType: 'cash', amountCents: -5, description: 'x' }, ADMIN_ID),
        )
      ).code,
    ).toBe('VALIDATION');
  });

  it('replaces and deletes an override', async () => {
    const deps = makeDeps();
    const created = await saveDatePrize(
      deps,
      { date: MONDAY, prizeType: 'cash', amountCents: 1, description: ' one ' },
      ADMIN_ID,
    );
    expect(created.message).toBe(`Date override for ${MONDAY} created successfully`);
    expect(created.prize.description).toBe('one');
    await saveDatePrize(deps, { date: MONDAY, prizeType: 'cash', amountCents: 2, description: 'two' }, ADMIN_ID);
    expect((await prizeConfig(deps)).prizes.filter((p) => p.date === MONDAY).map((p) => p.amountCents)).toEqual([2]);
    expect(await deletePrizeForDate(deps, MONDAY, ADMIN_ID)).toEqual({
      message: `Prize override for ${MONDAY} deleted successfully`,
    });
    expect((await rejection(deletePrizeForDate(deps, MONDAY, ADMIN_ID))).code).toBe('NOT_FOUND');
    expect((await prizeOfDate(deps, MONDAY)).prize.amountCents).toBe(1000);
  });

  it('toggles stored rows, built-in rows and overrides', async () => {
    const deps = makeDeps();
    const builtIn = (await prizeConfig(deps)).prizes[4];
    expect(builtIn?.id).toBe('default-5');
    const off = await togglePrize(deps, 'default-5', ADMIN_ID);
    expect(off.prize).toMatchObject({ isActive: false, dayOfWeek: 5, amountCents: 5000, isDefault: false });
    expect((await rejection(prizeOfDate(deps, '2026-11-20'))).code).toBe('PRIZE_DISABLED');
    const on = await togglePrize(deps, off.prize.id, ADMIN_ID);
    expect(on.prize.isActive).toBe(true);
    expect((await togglePrize(deps, 'default-5', ADMIN_ID)).prize.isActive).toBe(false);
    const override = await saveDatePrize(
      deps,
      { date: MONDAY, prizeType: 'cash', amountCents: 1, description: 'x' },
      ADMIN_ID,
    );
    await togglePrize(deps, override.prize.id, ADMIN_ID);
    const disabled = await rejection(prizeOfDate(deps, MONDAY));
    expect(disabled.details).toMatchObject({ dayOfWeek: 1 });
    expect((await rejection(togglePrize(deps, 'nope', ADMIN_ID))).code).toBe('NOT_FOUND');
  });
});
