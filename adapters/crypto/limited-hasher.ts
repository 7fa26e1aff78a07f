// At most `maxConcurrent` password hashes at a time per instance (DESIGN.md §14). scrypt runs on
// libuv's small thread pool, which file and DNS work share: a burst of hashes queued there stalls
// every other request. Extra hashes wait here, in a FIFO queue on the event loop, instead.
import type { PasswordHasher } from '../../core/ports.ts';

export const MAX_CONCURRENT_HASHES = 2;

export class LimitedHasher implements PasswordHasher {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly inner: PasswordHasher,
    readonly maxConcurrent: number = MAX_CONCURRENT_HASHES,
  ) {}

  /** Hashes or verifications waiting for a slot (for tests and metrics). */
  get queued(): number {
    return this.#waiting.length;
  }

  hash(password: string): Promise<string> {
    return this.#limited(() => this.inner.hash(password));
  }

  verify(password: string, hash: string): Promise<boolean> {
    return this.#limited(() => this.inner.verify(password, hash));
  }

  async #limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.maxConcurrent) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter (the count stays), or give it back.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
