// At most `maxConcurrent` password hashes at a time per instance (DESIGN.md §14). scrypt runs on
// libuv's small thread pool, which file and DNS work share: a burst of hashes queued there stalls
// every other request. Extra hashes wait here, on the event loop, instead: one queue per requester,
// served in turn, and each requester holds at most `maxPerRequester` hashes (running or waiting), so
// one player's burst never puts more than a hash or two in front of another player's.
import { HashingBusy, type HashRequest, type PasswordGuess, type PasswordHasher } from '../../core/ports.ts';

export const MAX_CONCURRENT_HASHES = 2;
/** A player needs one hash at a time; the second absorbs a double click. */
export const MAX_HASHES_PER_REQUESTER = 2;
/** What a refused requester is told to wait: about one hash of theirs finishing. */
const BUSY_RETRY_MS = 1_000;

export class LimitedHasher implements PasswordHasher {
  #running = 0;
  #queued = 0;
  /** Requesters with waiting work in turn order (a Map keeps insertion order); each one's work in arrival order. */
  readonly #waiting = new Map<string, (() => void)[]>();
  /** Hashes each requester has here, running or waiting. */
  readonly #held = new Map<string, number>();

  constructor(
    private readonly inner: PasswordHasher,
    readonly maxConcurrent: number = MAX_CONCURRENT_HASHES,
    readonly maxPerRequester: number = MAX_HASHES_PER_REQUESTER,
  ) {}

  /** Hashes or verifications waiting for a slot (for tests and metrics). */
  get queued(): number {
    return this.#queued;
  }

  hash(password: string, request: HashRequest): Promise<string> {
    return this.#limited(request.requester, () => this.inner.hash(password, request));
  }

  verify(password: string, hash: string, guess: PasswordGuess): Promise<boolean> {
    return this.#limited(guess.requester, () => this.inner.verify(password, hash, guess));
  }

  async #limited<T>(requester: string, work: () => Promise<T>): Promise<T> {
    const held = this.#held.get(requester) ?? 0;
    if (held >= this.maxPerRequester) throw new HashingBusy(this.maxPerRequester, BUSY_RETRY_MS);
    this.#held.set(requester, held + 1);
    try {
      if (this.#running >= this.maxConcurrent) await this.#waitForTurn(requester);
      else this.#running += 1;
      try {
        return await work();
      } finally {
        this.#handOn();
      }
    } finally {
      const left = (this.#held.get(requester) ?? 1) - 1;
      if (left === 0) this.#held.delete(requester);
      else this.#held.set(requester, left);
    }
  }

  #waitForTurn(requester: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.#waiting.get(requester);
      if (queue) queue.push(resolve);
      else this.#waiting.set(requester, [resolve]);
      this.#queued += 1;
    });
  }

  /** Hands the freed slot to the requester whose turn it is (the count stays), or gives it back. */
  #handOn(): void {
    const turn = this.#waiting.entries().next();
    if (turn.done) {
      this.#running -= 1;
      return;
    }
    const [requester, queue] = turn.value;
    const next = queue.shift();
    // Served: to the back of the turn order, behind everyone else waiting.
    this.#waiting.delete(requester);
    if (queue.length > 0) this.#waiting.set(requester, queue);
    this.#queued -= 1;
    next?.();
  }
}
