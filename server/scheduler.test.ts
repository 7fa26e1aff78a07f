import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScheduler, type Scheduler } from './scheduler.ts';

const nothingDone = { closed: [], pruned: { sessions: 0, sentMails: 0, failedMails: 0, emailConfirmations: 0 } };
const quietLogger = { request: () => {}, debug: () => {}, warn: () => {}, info: () => {}, error: () => {} };

describe('startScheduler', () => {
  let scheduler: Scheduler | null = null;
  afterEach(() => {
    scheduler?.stop();
    vi.useRealTimers();
  });

  it('runs once at start-up, then at each deadline, re-arming after every run', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T23:59:00.000Z') });
    const runs: string[] = [];
    scheduler = startScheduler({
      closeDue: async () => {
        runs.push(new Date().toISOString());
        return nothingDone;
      },
      // Deadlines every minute on the minute.
      nextDeadline: (now) => new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000),
      logger: quietLogger,
    });
    await scheduler.ready;
    expect(runs).toEqual(['2026-11-20T23:59:00.000Z']);
    await vi.advanceTimersByTimeAsync(60_049);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['2026-11-20T23:59:00.000Z', '2026-11-21T00:00:00.050Z']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(3);
    expect(runs[2]).toBe('2026-11-21T00:01:00.050Z');
  });

  it('never sleeps longer than maxSleepMs, and retries after a failure', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00.000Z') });
    let calls = 0;
    const errors: string[] = [];
    scheduler = startScheduler({
      closeDue: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return { ...nothingDone, closed: ['2026-11-19'] };
      },
      nextDeadline: (now) => new Date(now.getTime() + 24 * 3600_000),
      logger: {
        request: () => {},
        debug: () => {},
        warn: () => {},
        info: () => {},
        error: (message) => errors.push(message),
      },
      maxSleepMs: 300_000,
      retryMs: 1_000,
    });
    await scheduler.ready;
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
  });

  it('logs what a pass closed and pruned in one line, and a pass that only pruned in a line of its own', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00.000Z') });
    const passes = [
      { closed: ['2026-11-19'], pruned: { sessions: 2, sentMails: 5, failedMails: 1, emailConfirmations: 3 } },
      { closed: [], pruned: { sessions: 0, sentMails: 4, failedMails: 0, emailConfirmations: 0 } },
      nothingDone,
    ];
    const lines: [string, unknown][] = [];
    scheduler = startScheduler({
      closeDue: async () => passes.shift() ?? nothingDone,
      nextDeadline: (now) => new Date(now.getTime() + 1_000),
      logger: { ...quietLogger, info: (message, fields) => lines.push([message, fields]) },
    });
    await scheduler.ready;
    await vi.advanceTimersByTimeAsync(2_100);
    expect(lines).toEqual([
      [
        'games closed',
        {
          games: ['2026-11-19'],
          pruned: { sessions: 2, sentMails: 5, failedMails: 1, emailConfirmations: 3 },
          ms: expect.any(Number),
        },
      ],
      [
        'records pruned',
        { pruned: { sessions: 0, sentMails: 4, failedMails: 0, emailConfirmations: 0 }, ms: expect.any(Number) },
      ],
    ]);
  });

  it('stops for good', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00.000Z') });
    let calls = 0;
    scheduler = startScheduler({
      closeDue: async () => {
        calls += 1;
        return nothingDone;
      },
      nextDeadline: (now) => new Date(now.getTime() + 1_000),
      logger: quietLogger,
    });
    await scheduler.ready;
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
  });
});
