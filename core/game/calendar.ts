// The game calendar: daily deadlines at a local time in one zone, games named by the date of their
// deadline in another zone. Pure functions over GameConfig; zone offsets come from Intl.
import type { GameConfig } from '../config.ts';
import type { GameDate, GameKey } from '../model.ts';
import { DomainError } from '../errors.ts';

const DAY_MS = 86_400_000;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (zone: string): Intl.DateTimeFormat => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
};

const wallTimeAt = (ms: number, zone: string): WallTime => {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const get = (k: string): number => parts[k] ?? 0;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
};

/** Milliseconds the zone is ahead of UTC at the instant (whole seconds; sub-second offsets do not exist). */
export const zoneOffsetMs = (instant: Date, zone: string): number => offsetAt(instant.getTime(), zone);

const offsetAt = (ms: number, zone: string): number => {
  const w = wallTimeAt(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
};

/**
 * The instant a wall-clock time occurs in the zone. A time skipped by a DST change moves forward to
 * the first valid instant (the change itself); a repeated time takes the earlier instant.
 */
export const zonedInstant = (date: GameDate, hour: number, minute: number, zone: string): Date => {
  const { y, m, d } = splitDate(date);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offsets = new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall, zone), offsetAt(wall + DAY_MS, zone)]);
  const matches = [...offsets].map((o) => wall - o).filter((t) => offsetAt(t, zone) === wall - t);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In a gap: the wall time lies between the instants computed with the offsets before and after
  // the change; search for the change itself.
  const candidates = [...offsets].map((o) => wall - o);
  let lo = Math.min(...candidates) - DAY_MS / 24;
  let hi = Math.max(...candidates) + DAY_MS / 24;
  const before = offsetAt(lo, zone);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (offsetAt(mid, zone) === before) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const splitDate = (date: GameDate): { y: number; m: number; d: number } => {
  const match = DATE_RE.exec(date);
  if (!match) throw new DomainError('VALIDATION', `Invalid date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
};

/** Whether the text is a real calendar date `YYYY-MM-DD`. */
export const isGameDate = (text: string): boolean => {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === text;
};

const addDays = (date: GameDate, days: number): GameDate => {
  const { y, m, d } = splitDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

export const previousDate = (date: GameDate): GameDate => addDays(date, -1);
export const nextDate = (date: GameDate): GameDate => addDays(date, 1);

/** 1 = Monday … 7 = Sunday. */
export const dayOfWeek = (date: GameDate): number => {
  const { y, m, d } = splitDate(date);
  const sundayZero = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The calendar date in the zone at the instant. */
export const dateInZone = (instant: Date, zone: string): GameDate => {
  const w = wallTimeAt(instant.getTime(), zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
};

const closeWallTime = (cfg: GameConfig): { hour: number; minute: number } => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(cfg.closeTime);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new DomainError('VALIDATION', `Invalid close time: ${cfg.closeTime}`);
  return { hour, minute };
};

/** Memo tables stay small: a few configurations and the dates around today. Cleared when full. */
const MEMO_LIMIT = 1_000;

const remember = <K, V>(memo: Map<K, V>, key: K, value: V): V => {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
};

const deadlines = new Map<string, number>();

/** The deadline on a calendar day of the close zone. */
const deadlineOnCloseDay = (closeDay: GameDate, cfg: GameConfig): Date => {
  const key = `${closeDay}|${cfg.closeTime}|${cfg.closeZone}`;
  const known = deadlines.get(key);
  if (known !== undefined) return new Date(known);
  const { hour, minute } = closeWallTime(cfg);
  return new Date(remember(deadlines, key, zonedInstant(closeDay, hour, minute, cfg.closeZone).getTime()));
};

/**
 * The game window around the last instant asked about, per close configuration: every instant in
 * [opens, closes) has `closes` as its next deadline. Saves the Intl work that every request made.
 */
const deadlineWindows = new Map<string, { opensMs: number; closesMs: number }>();

/** The first deadline strictly after `now`. */
export const closeInstantAfter = (now: Date, cfg: GameConfig): Date => {
  const key = `${cfg.closeTime}|${cfg.closeZone}`;
  const t = now.getTime();
  const window = deadlineWindows.get(key);
  if (window && window.opensMs <= t && t < window.closesMs) return new Date(window.closesMs);
  const deadline = searchCloseInstantAfter(now, cfg);
  // No deadline lies between the one before `deadline` and `deadline` itself.
  remember(deadlineWindows, key, {
    opensMs: closeInstantBefore(deadline, cfg).getTime(),
    closesMs: deadline.getTime(),
  });
  return deadline;
};

const searchCloseInstantAfter = (now: Date, cfg: GameConfig): Date => {
  const today = dateInZone(now, cfg.closeZone);
  for (let i = -1; i <= 2; i += 1) {
    const deadline = deadlineOnCloseDay(addDays(today, i), cfg);
    if (deadline.getTime() > now.getTime()) return deadline;
  }
  throw new Error(`No deadline found after ${now.toISOString()}`);
};

/** The last deadline at or before `instant`: when the game closing at `instant` opened, if `instant` is a deadline. */
export const closeInstantBefore = (instant: Date, cfg: GameConfig): Date => {
  const today = dateInZone(instant, cfg.closeZone);
  for (let i = 1; i >= -2; i -= 1) {
    const deadline = deadlineOnCloseDay(addDays(today, i), cfg);
    if (deadline.getTime() < instant.getTime()) return deadline;
  }
  throw new Error(`No deadline found before ${instant.toISOString()}`);
};

/** The date that names the game closing at `closeInstant`: its calendar date in the date zone. */
const gameDates = new Map<string, GameDate>();

export const gameDateOf = (closeInstant: Date, cfg: GameConfig): GameDate => {
  const key = `${closeInstant.getTime()}|${cfg.dateZone}`;
  return gameDates.get(key) ?? remember(gameDates, key, dateInZone(closeInstant, cfg.dateZone));
};

/**
 * The deadline whose game date is `date`. The earliest one if a DST change makes two deadlines share a
 * date; VALIDATION if none does (only possible when the deadline sits next to midnight of the date zone).
 */
export const closeInstantForDate = (date: GameDate, cfg: GameConfig): Date => {
  for (let i = -2; i <= 2; i += 1) {
    const deadline = deadlineOnCloseDay(addDays(date, i), cfg);
    if (gameDateOf(deadline, cfg) === date) return deadline;
  }
  throw new DomainError('VALIDATION', `No game closes on ${date}.`);
};

const KEY_RE = /^(\d{4}-\d{2}-\d{2})(?:-(\d+))?$/;

/** `2026-11-22` → {date, number: 1}; `2026-11-22-2` → {date, number: 2}; null when not a game key. */
export const parseGameKey = (key: string): { date: GameDate; number: number } | null => {
  const match = KEY_RE.exec(key);
  if (!match?.[1] || !isGameDate(match[1])) return null;
  const number = match[2] === undefined ? 1 : Number(match[2]);
  if (!Number.isSafeInteger(number) || number < 1 || (match[2] !== undefined && number < 2)) return null;
  return { date: match[1], number };
};

export const gameKeyOf = (date: GameDate, number: number): GameKey => (number <= 1 ? date : `${date}-${number}`);
