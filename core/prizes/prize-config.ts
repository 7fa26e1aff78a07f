// Admin prize settings: the weekly table (stored rows over the built-in defaults) and date overrides.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { GameDate, PrizeConfig, PrizeType } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { prizeForDate } from './prize-for-date.ts';
import { builtInState, dateSlot, prizeState, weeklySlot } from './prize-audit.ts';
import { dayName, dayOfWeekOf, defaultAmountCents, defaultWeeklyPrize, isCalendarDate } from './weekly-defaults.ts';

export interface PrizeDto {
  prizeType: PrizeType;
  amountCents: number;
  currency: string;
  description: string;
}

export interface PrizeConfigDto extends PrizeDto {
  id: string;
  isActive: boolean;
  isDefault: boolean;
  dayOfWeek: number | null;
  date: GameDate | null;
  defaultAmountCents: number | null;
}

/** Id of a built-in weekly row that has no stored row yet; togglePrize accepts it. */
const builtInId = (dayOfWeek: number): string => `default-${dayOfWeek}`;
const BUILT_IN_ID = /^default-([1-7])$/;

const MAX_DESCRIPTION = 200;
const GAME_KEY = /^(\d{4}-\d{2}-\d{2})(-\d+)?$/;

// ---- reading ---------------------------------------------------------------------------------

/** GET /api/prizes/date/{date}: the active prize, or PRIZE_DISABLED (404) carrying the disabled payload. */
export const prizeOfDate = async (
  deps: Deps<'prizes'>,
  date: string,
): Promise<{ status: 'active'; prize: PrizeDto; dayOfWeek: number }> => {
  const day = GAME_KEY.exec(date)?.[1];
  if (day === undefined || !isCalendarDate(day)) fail('VALIDATION', 'Date must be a valid YYYY-MM-DD date');
  const found = await deps.store.read((repos) => prizeForDate(repos, date, deps.config.currency));
  if (found.status === 'disabled') {
    return fail('PRIZE_DISABLED', found.message, {
      status: 'disabled',
      message: found.message,
      dayOfWeek: found.dayOfWeek,
    });
  }
  return { status: 'active', prize: { ...found.prize }, dayOfWeek: found.dayOfWeek };
};

const toDto = (config: PrizeConfig): PrizeConfigDto => ({
  id: config.id,
  prizeType: config.prizeType,
  amountCents: config.amountCents,
  currency: config.currency,
  description: config.description,
  isActive: config.isActive,
  isDefault: false,
  dayOfWeek: config.dayOfWeek,
  date: config.date,
  defaultAmountCents: config.date === null && config.dayOfWeek !== null ? defaultAmountCents(config.dayOfWeek) : null,
});

const builtInDto = (dayOfWeek: number, currency: string): PrizeConfigDto => ({
  id: builtInId(dayOfWeek),
  ...defaultWeeklyPrize(dayOfWeek, currency),
  isActive: true,
  isDefault: true,
  dayOfWeek,
  date: null,
  defaultAmountCents: defaultAmountCents(dayOfWeek),
});

/** GET /api/prizes/config: 7 weekly rows (stored or built-in), then the overrides by date. */
export const prizeConfig = async (deps: Deps<'prizes'>): Promise<{ prizes: PrizeConfigDto[] }> =>
  deps.store.read(async (repos) => {
    const stored = await repos.prizes.list();
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => {
      const row = stored.find((p) => p.date === null && p.dayOfWeek === day);
      return row ? toDto(row) : builtInDto(day, deps.config.currency);
    });
    const overrides = stored
      .filter((p) => p.date !== null)
      .sort((a, b) => ((a.date ?? '') < (b.date ?? '') ? -1 : 1))
      .map(toDto);
    return { prizes: [...weekly, ...overrides] };
  });

// ---- validation ------------------------------------------------------------------------------

const checkDayOfWeek = (dayOfWeek: number): number => {
  if (!Number.isInteger(dayOfWeek) || dayOfWeek < 1 || dayOfWeek > 7) {
    fail('VALIDATION', 'Day of week must be 1 (Monday) to 7 (Sunday)');
  }
  return dayOfWeek;
};

const checkPrizeType = (prizeType: string): PrizeType => {
  if (prizeType !== 'cash' && prizeType !== 'voucher') return fail('VALIDATION', 'Prize type must be cash or voucher');
  return prizeType;
};

/** The stores hold amounts as 32-bit integers (PostgreSQL `integer`): $21,474,836.47 at most. */
export const MAX_AMOUNT_CENTS = 2_147_483_647;

const checkAmount = (amountCents: number): number => {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    fail('VALIDATION', 'Amount must be a whole number of cents, 0 or more');
  }
  if (amountCents > MAX_AMOUNT_CENTS) fail('VALIDATION', 'Amount must be at most 21,474,836.47');
  return amountCents;
};

const checkDescriptionLength = (description: string): string => {
  if (description.length > MAX_DESCRIPTION)
    fail('VALIDATION', `Description must be at most ${MAX_DESCRIPTION} characters`);
  return description;
};

/** Records an admin's change of a slot in the unit of work that makes it. */
const audited = async (
  repos: RepositoriesOf<'prizes'>,
  deps: Omit<Deps, 'store'>,
  adminId: string,
  slot: string,
  fromState: string | null,
  toState: string | null,
): Promise<void> =>
  repos.prizes.addAudit({
    id: deps.random.id(),
    adminId,
    slot,
    fromState,
    toState,
    at: deps.clock.now().toISOString(),
  });

// ---- weekly rows -----------------------------------------------------------------------------

export interface WeeklyPrizeInput {
  dayOfWeek: number;
  prizeType: string;
  amountCents: number;
  description?: string;
  isActive: boolean;
}

/** POST /api/prizes/config/weekly. A blank description falls back to '{Day} Cash|Voucher Prize'. */
export const saveWeeklyPrize = async (
  deps: Deps<'prizes'>,
  input: WeeklyPrizeInput,
  adminId: string,
): Promise<{ prize: PrizeConfigDto; message: string }> => {
  const dayOfWeek = checkDayOfWeek(input.dayOfWeek);
  const prizeType = checkPrizeType(input.prizeType);
  const amountCents = checkAmount(input.amountCents);
  const typed = (input.description ?? '').trim();
  const description = checkDescriptionLength(
    typed || `${dayName(dayOfWeek)} ${prizeType === 'cash' ? 'Cash' : 'Voucher'} Prize`,
  );
  const prize = await deps.store.write(async (repos) => {
    const existing = await repos.prizes.weekly(dayOfWeek);
    const saved = await repos.prizes.upsert({
      id: existing?.id ?? deps.random.id(),
      dayOfWeek,
      date: null,
      prizeType,
      amountCents,
      currency: deps.config.currency,
      description,
      isActive: input.isActive,
      updatedAt: deps.clock.now().toISOString(),
    });
    const before = existing ? prizeState(existing) : builtInState(dayOfWeek, deps.config.currency);
    await audited(repos, deps, adminId, weeklySlot(dayOfWeek), before, prizeState(saved));
    return saved;
  });
  return { prize: toDto(prize), message: `${dayName(dayOfWeek)} prize updated successfully` };
};

/** DELETE /api/prizes/config/weekly/{dayOfWeek}: back to the built-in default. */
export const resetWeeklyPrize = async (
  deps: Deps<'prizes'>,
  dayOfWeek: number,
  adminId: string,
): Promise<{ prize: PrizeConfigDto; message: string }> => {
  checkDayOfWeek(dayOfWeek);
  await deps.store.write(async (repos) => {
    const existing = await repos.prizes.weekly(dayOfWeek);
    if (!existing || !(await repos.prizes.deleteWeekly(dayOfWeek))) return;
    await audited(
      repos,
      deps,
      adminId,
      weeklySlot(dayOfWeek),
      prizeState(existing),
      builtInState(dayOfWeek, deps.config.currency),
    );
  });
  return {
    prize: builtInDto(dayOfWeek, deps.config.currency),
    message: `${dayName(dayOfWeek)} prize reset to default`,
  };
};

// ---- date overrides --------------------------------------------------------------------------

export interface DatePrizeInput {
  date?: string;
  prizeType: string;
  amountCents: number;
  description?: string;
}

/** POST /api/prizes/config/date: creates or replaces the override of that date (active). */
export const saveDatePrize = async (
  deps: Deps<'prizes'>,
  input: DatePrizeInput,
  adminId: string,
): Promise<{ prize: PrizeConfigDto; message: string }> => {
  const date = (input.date ?? '').trim();
  const description = (input.description ?? '').trim();
  if (date === '' || description === '') fail('VALIDATION', 'Date and description are required');
  if (!isCalendarDate(date)) fail('VALIDATION', 'Date must be a valid YYYY-MM-DD date');
  const prizeType = checkPrizeType(input.prizeType);
  const amountCents = checkAmount(input.amountCents);
  checkDescriptionLength(description);
  const prize = await deps.store.write(async (repos) => {
    const existing = await repos.prizes.forDate(date);
    const saved = await repos.prizes.upsert({
      id: existing?.id ?? deps.random.id(),
      dayOfWeek: dayOfWeekOf(date),
      date,
      prizeType,
      amountCents,
      currency: deps.config.currency,
      description,
      isActive: true,
      updatedAt: deps.clock.now().toISOString(),
    });
    await audited(repos, deps, adminId, dateSlot(date), existing ? prizeState(existing) : null, prizeState(saved));
    return saved;
  });
  return { prize: toDto(prize), message: `Date override for ${date} created successfully` };
};

/** DELETE /api/prizes/config/date/{date}. */
export const deletePrizeForDate = async (
  deps: Deps<'prizes'>,
  date: string,
  adminId: string,
): Promise<{ message: string }> => {
  if (!isCalendarDate(date)) fail('VALIDATION', 'Date must be a valid YYYY-MM-DD date');
  const removed = await deps.store.write(async (repos) => {
    const existing = await repos.prizes.forDate(date);
    if (!existing || !(await repos.prizes.deleteForDate(date))) return false;
    await audited(repos, deps, adminId, dateSlot(date), prizeState(existing), null);
    return true;
  });
  if (!removed) fail('NOT_FOUND', `No prize override for ${date}`);
  return { message: `Prize override for ${date} deleted successfully` };
};

/** PATCH /api/prizes/config/{id}/toggle: flips isActive; a built-in weekly row is stored on its first toggle. */
export const togglePrize = async (
  deps: Deps<'prizes'>,
  id: string,
  adminId: string,
): Promise<{ prize: PrizeConfigDto; message: string }> => {
  const prize = await deps.store.write(async (repos: RepositoriesOf<'prizes'>) => {
    const now = deps.clock.now().toISOString();
    const builtInDay = BUILT_IN_ID.exec(id)?.[1];
    const stored =
      (await repos.prizes.byId(id)) ??
      (builtInDay === undefined ? null : await repos.prizes.weekly(Number(builtInDay)));
    if (!stored && builtInDay === undefined) return fail('NOT_FOUND', 'Prize setting not found');
    const day = Number(builtInDay);
    const saved = stored
      ? await repos.prizes.upsert({ ...stored, isActive: !stored.isActive, updatedAt: now })
      : await repos.prizes.upsert({
          id: deps.random.id(),
          dayOfWeek: day,
          date: null,
          ...defaultWeeklyPrize(day, deps.config.currency),
          isActive: false,
          updatedAt: now,
        });
    const slot = saved.date !== null ? dateSlot(saved.date) : weeklySlot(saved.dayOfWeek ?? day);
    await audited(
      repos,
      deps,
      adminId,
      slot,
      stored ? prizeState(stored) : builtInState(day, deps.config.currency),
      prizeState(saved),
    );
    return saved;
  });
  const label = prize.date ?? dayName(prize.dayOfWeek ?? 0);
  return { prize: toDto(prize), message: `${label} prize ${prize.isActive ? 'enabled' : 'disabled'}` };
};
