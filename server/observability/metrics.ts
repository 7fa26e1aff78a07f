// Prometheus metrics (DESIGN.md §14), named lowest_* after the application, one prom-client Registry per app
// instance so tests never share globals. Counters are counted by this instance; gauges about stored state (payouts, the
// outbox, the last close) are read from the database at scrape time, so every instance agrees.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PayoutStatus } from '../../core/model.ts';

export interface OutboxCounts {
  /** Mails waiting to be sent. */
  backlog: number;
  /** Mails that gave up. */
  failed: number;
}

/** Where the scrape-time gauges read from; each may fail (database down) without failing /metrics. */
export interface MetricsSources {
  collectOutbox: () => Promise<OutboxCounts>;
  collectPayouts: () => Promise<Partial<Record<PayoutStatus, number>>>;
  /** When the most recent game closed, or null before the first close. */
  lastCloseAt: () => Promise<Date | null>;
}

const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending_review', 'approved', 'paid', 'failed'];

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'lowest_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (never the raw path), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly entriesSubmitted = new Counter({
    name: 'lowest_entries_submitted_total',
    help: 'Entries accepted by this instance.',
    registers: [this.registry],
  });
  readonly closeRuns = new Counter({
    name: 'lowest_game_close_runs_total',
    help: 'Runs of the daily close (scheduler and catch-up) by this instance, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly gamesClosed = new Counter({
    name: 'lowest_games_closed_total',
    help: 'Games this instance closed.',
    registers: [this.registry],
  });
  readonly closeDuration = new Histogram({
    name: 'lowest_game_close_duration_seconds',
    help: 'Duration of the runs of the daily close that closed at least one game.',
    buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });

  readonly checkpointFailures = new Counter({
    name: 'lowest_sqlite_checkpoint_failures_total',
    help: "Failures of this instance's SQLite WAL checkpoint thread (a full or failing disk).",
    registers: [this.registry],
  });

  constructor(sources: MetricsSources, options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    new Gauge({
      name: 'lowest_last_close_timestamp_seconds',
      help: 'Unix time of the most recent game close (any instance); absent before the first close.',
      registers,
      async collect() {
        this.reset();
        const last = await sources.lastCloseAt().catch(() => null);
        if (last) this.set(last.getTime() / 1000);
      },
    });
    new Gauge({
      name: 'lowest_payouts',
      help: 'Payouts by status.',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        const counts = await sources.collectPayouts().catch(() => null);
        if (counts) for (const status of PAYOUT_STATUSES) this.set({ status }, counts[status] ?? 0);
      },
    });
    const outboxCounts = () => sources.collectOutbox().catch(() => null);
    new Gauge({
      name: 'lowest_mail_outbox_backlog',
      help: 'Mails in the outbox waiting to be sent.',
      registers,
      async collect() {
        this.reset();
        const counts = await outboxCounts();
        if (counts) this.set(counts.backlog);
      },
    });
    new Gauge({
      name: 'lowest_mail_outbox_failed',
      help: 'Mails in the outbox that failed for good.',
      registers,
      async collect() {
        this.reset();
        const counts = await outboxCounts();
        if (counts) this.set(counts.failed);
      },
    });
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** Times one run of the close; `closeDue` says which games it closed. */
  async timeClose<T extends { closed: readonly string[] }>(closeDue: () => Promise<T>): Promise<T> {
    const stop = this.closeDuration.startTimer();
    try {
      const outcome = await closeDue();
      this.closeRuns.inc({ outcome: 'ok' });
      this.gamesClosed.inc(outcome.closed.length);
      if (outcome.closed.length > 0) stop();
      return outcome;
    } catch (error) {
      this.closeRuns.inc({ outcome: 'failed' });
      throw error;
    }
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
