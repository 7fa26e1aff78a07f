// The CLI's clock: the system time, unless seed-demo sets it to replay past days.
import type { Clock } from '../core/ports.ts';

export class SettableClock implements Clock {
  #fixed: Date | null = null;

  now(): Date {
    return this.#fixed ? new Date(this.#fixed.getTime()) : new Date();
  }

  set(date: Date): void {
    this.#fixed = new Date(date.getTime());
  }

  /** Back to the system time. */
  release(): void {
    this.#fixed = null;
  }
}
