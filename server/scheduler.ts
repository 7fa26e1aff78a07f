// Closes games at their deadline: a timer armed for the next deadline, re-armed after every run,
// and one run at start-up (catching up on games that closed while the server was down). Several
// instances may run it at once: the close itself is guarded in the database.
import type { DailyClose } from '../core/game/close.ts';
import type { Logger } from './app-env.ts';

export interface SchedulerOptions {
  /** Closes every due game and prunes what is kept only for a while; says what it closed and deleted. */
  closeDue: () => Promise<DailyClose>;
  /** The next deadline strictly after `now`. */
  nextDeadline: (now: Date) => Date;
  now?: () => Date;
  logger: Logger;
  /** Upper bound on one sleep, so a changed clock or calendar is noticed (default 5 minutes). */
  maxSleepMs?: number;
  /** Wait after a failed run before trying again (default 30 s). */
  retryMs?: number;
}

export interface Scheduler {
  /** Resolves once the start-up run finished. */
  ready: Promise<void>;
  stop(): void;
}

/** A small margin after the deadline so `closesAt ≤ now` holds when the timer fires. */
const AFTER_DEADLINE_MS = 50;

export const startScheduler = (options: SchedulerOptions): Scheduler => {
  const now = options.now ?? (() => new Date());
  const maxSleep = options.maxSleepMs ?? 5 * 60_000;
  const retry = options.retryMs ?? 30_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const arm = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), Math.max(0, Math.min(delayMs, maxSleep)));
    // The timer alone must not keep the process alive at shutdown.
    timer.unref();
  };

  const run = async (): Promise<void> => {
    timer = null;
    let delay: number;
    try {
      const started = performance.now();
      const { closed, pruned } = await options.closeDue();
      const ms = Math.round(performance.now() - started);
      // One line per pass that did something: the games it closed and the rows retention deleted (DESIGN.md §20).
      if (closed.length > 0) options.logger.info('games closed', { games: closed, pruned, ms });
      else if (Object.values(pruned).some((n) => n > 0)) options.logger.info('records pruned', { pruned, ms });
      const current = now();
      delay = options.nextDeadline(current).getTime() - current.getTime() + AFTER_DEADLINE_MS;
    } catch (error) {
      options.logger.error('The scheduled close failed; retrying soon', error);
      delay = retry;
    }
    arm(delay);
  };

  const ready = run();
  return {
    ready,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};
