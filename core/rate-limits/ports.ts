// The port of the shared rate-limit counters (DESIGN.md §12, §14): the server's limiter counts through it, and the
// SQL stores serve it from the `rate_limits` table so every instance on one database counts together.

export interface RateHit {
  key: string;
  windowStart: string;
  expiresAt: string;
}

export interface RateWindows {
  /**
   * Counts each hit in the window of its key starting at its `windowStart`, in one statement, so one commit: a
   * submission's address and player limits, or the hits of many requests at once. A key may come more than once: its
   * hits count in the order given. Returns each hit's count (the window's count just after that hit), in that order.
   */
  hitAll(hits: readonly RateHit[]): Promise<number[]>;
  /** Each key's count in its window starting at `windowStart` (or a newer one another instance began); 0 if none. */
  countAll(keys: readonly Omit<RateHit, 'expiresAt'>[]): Promise<number[]>;
  /** Deletes the rows whose window ended before `now`; returns how many. */
  sweep(now: string): Promise<number>;
}
