// Where the process is in its life (DESIGN.md §14): readiness and the drain read it.
export type Phase = 'starting' | 'catching-up' | 'ready' | 'draining';

export class Lifecycle {
  #phase: Phase;

  constructor(phase: Phase = 'ready') {
    this.#phase = phase;
  }

  get phase(): Phase {
    return this.#phase;
  }

  get draining(): boolean {
    return this.#phase === 'draining';
  }

  /** Moves on; draining is final (a late "ready" from the catch-up must not undo a SIGTERM). */
  enter(phase: Phase): void {
    if (this.#phase !== 'draining') this.#phase = phase;
  }
}
