// The kept copies of the public answers that every player reads the same (DESIGN.md §17, ADR 0061): a closed day's
// statistics, result and fairness summary, and the leaderboards and history until the next close. Each is built once
// (on its first request), compressed once (brotli and gzip at their best, as the web app's files are) and then served
// as stored bytes with a strong ETag. Measured by `npm run bench:morning` on a closed 1,000,000-entry day (SQLite, wrk,
// 100 connections): GET /api/stats/daily/{date} went from 728 req/s (0.02× of a bare node:http server, p99 1.36 s) to
// 13,638 req/s, 0.61× of a bare server answering the same bytes (56 µs of CPU a request), served before the app by
// server/public-answer-front.ts (docs/performance.md).
//
// Correct across instances: a closed day's answer never changes, so its copy needs no check. A leaderboard or the
// history changes at a close (or when the next game is created): their keys carry the generation, the latest close
// and the latest game as the database says (one indexed read of the small games table), so another instance's close
// is seen. The app reads the generation on every such request; the front serves them only within GENERATION_TRUST_MS
// of a read, and this instance's own close forgets it at once. Bounded in memory: least recently used copies go
// first once their bytes (all three forms) pass maxBytes.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { chooseEncoding } from './content-encoding.ts';

/** How long a kept answer may be reused: a closed day's for good; a leaderboard's or the history's until the next close. */
export type Freshness = 'closed-day' | 'until-next-close';

/** How an answer is kept. */
export interface KeepAs {
  /** The app's route pattern, for the access log and the metrics of an answer the front serves. */
  readonly route: string;
  readonly freshness: Freshness;
  /** The generation the answer was built in; null for a closed day's. */
  readonly generation: string | null;
  /**
   * The route answers a signed-in caller otherwise at the same URL (their own entries): `Vary: Cookie`, so a browser
   * never shows a signed-in player the visitor's answer it kept from before the sign-in.
   */
  readonly perCaller?: boolean;
}

export interface KeptAnswer extends KeepAs {
  readonly key: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /** Strong ETags, one per representation (RFC 9110 §8.8.3): the bytes differ. */
  readonly etags: { readonly identity: string; readonly gzip: string; readonly br: string };
  readonly bytes: number;
  /** The request targets (path and query) that named it, for the front's lookup. */
  readonly targets: Set<string>;
}

/** What an answer is on the wire: status, headers and body (empty for a 304). */
export interface PublicResponse {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer;
}

/** A closed day's answers never change (as the fairness tree's pages). */
export const IMMUTABLE = `public, max-age=${String(365 * 24 * 60 * 60)}, immutable`;
/** A leaderboard or the history: fresh for a minute, then served stale while one request revalidates, never past the close. */
const UNTIL_CLOSE_MAX_AGE = 60;
const UNTIL_CLOSE_STALE = 600;
/** Whose answer depends on the caller: no shared cache may keep it. */
export const PRIVATE = 'private, no-store';
/** How long the front trusts the last read of the generation: another instance's close shows within this. */
export const GENERATION_TRUST_MS = 1000;
/** The kept copies' bytes: 30 closed days of a 1,000,000-entry game take about 3 MB. */
export const DEFAULT_MAX_BYTES = 64 * 2 ** 20;
/** The front's index of request targets per answer: query strings in other orders are few. */
const TARGETS_PER_ANSWER = 8;

/** Above this an answer's brotli form is made at quality 5, not 11. */
const LARGEST_AT_BEST = 256 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const tagOf = (body: Buffer, suffix: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;

/** Whether an If-None-Match header names one of `tags` (or is `*`); weak comparison, as RFC 9110 §13.1.2 asks of GET. */
const matchesAny = (ifNoneMatch: string, tags: KeptAnswer['etags']): boolean =>
  ifNoneMatch.split(',').some((given) => {
    const tag = given.trim().replace(/^W\//, '');
    return tag === '*' || tag === tags.identity || tag === tags.gzip || tag === tags.br;
  });

/** The generation of the answers that change at a close: its key, and the latest close's time (null before any). */
export interface Generation {
  key: string;
  latestClose: string | null;
}

export interface PublicAnswerCacheOptions {
  /** The generation as the database says now. */
  readGeneration: () => Promise<Generation>;
  /**
   * How long an answer of the generation whose latest close is `latestClose` may still be fresh: until the next
   * deadline, and 0 once a deadline has passed that no close has followed yet.
   */
  secondsUntilNextClose: (latestClose: string | null, now: Date) => number;
  /** The app's clock (the system's by default). */
  now?: () => Date;
  maxBytes?: number;
  /** A monotonic clock in ms (performance.now by default). */
  monotonicMs?: () => number;
}

export class PublicAnswerCache {
  readonly #answers = new Map<string, KeptAnswer>();
  readonly #byTarget = new Map<string, KeptAnswer>();
  readonly #building = new Map<string, Promise<KeptAnswer>>();
  readonly #options: Required<PublicAnswerCacheOptions>;
  #bytes = 0;
  #generation: Generation | null = null;
  #generationReadAt = -Infinity;
  #untilCloseHeader: { second: number; latestClose: string | null; value: string } = {
    second: -1,
    latestClose: null,
    value: '',
  };
  #refreshing = false;

  constructor(options: PublicAnswerCacheOptions) {
    this.#options = {
      maxBytes: DEFAULT_MAX_BYTES,
      monotonicMs: () => performance.now(),
      now: () => new Date(),
      ...options,
    };
  }

  /** The bytes kept now, all three forms of every answer. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Reads the generation's key from the database (every request of the app that serves such an answer does). */
  async generation(): Promise<string> {
    const read = await this.#options.readGeneration();
    if (read.key !== this.#generation?.key) this.#dropGeneration();
    this.#generation = read;
    this.#generationReadAt = this.#options.monotonicMs();
    return read.key;
  }

  /** This instance closed a game: the front stops trusting the generation until the app reads it again. */
  forgetGeneration(): void {
    this.#generationReadAt = -Infinity;
  }

  /** The answer kept under `key`, now also known by the request target `target`; null when none is kept. */
  lookup(key: string, target: string): KeptAnswer | null {
    const kept = this.#answers.get(key);
    if (!kept) return null;
    this.#touch(kept);
    this.#index(kept, target);
    return kept;
  }

  /**
   * The answer kept under `key`, or the one `build` makes (once, however many requests ask at the same time), kept
   * for the request target `target`. `build` returns the answer's JSON text.
   */
  async answer(key: string, target: string, as: KeepAs, build: () => Promise<string>): Promise<KeptAnswer> {
    const kept = this.lookup(key, target);
    if (kept) return kept;
    let building = this.#building.get(key);
    if (!building) {
      building = this.#make(key, as, build).finally(() => this.#building.delete(key));
      this.#building.set(key, building);
    }
    const made = await building;
    if (this.#answers.get(key) === made) this.#index(made, target);
    return made;
  }

  /**
   * The answer kept for this request target, for the front: a closed day's always, one that changes at a close only
   * while the generation read within GENERATION_TRUST_MS is its own.
   */
  forTarget(target: string): KeptAnswer | null {
    const kept = this.#byTarget.get(target);
    if (!kept) return null;
    if (kept.freshness === 'until-next-close') {
      const age = this.#options.monotonicMs() - this.#generationReadAt;
      if (age > GENERATION_TRUST_MS || kept.generation !== this.#generation?.key) return null;
      // Read again before the trust runs out, so the front's requests never fall through to the app all at once.
      if (age > GENERATION_TRUST_MS / 2) this.#refreshGeneration();
    }
    return kept;
  }

  /** The response to a GET of `kept`: 304 when If-None-Match names it, else the form Accept-Encoding prefers. */
  respond(kept: KeptAnswer, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): PublicResponse {
    const encoding = chooseEncoding(acceptEncoding, ['br', 'gzip']);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Vary: kept.perCaller === true ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      ETag: kept.etags[encoding],
      'Cache-Control': kept.freshness === 'closed-day' ? IMMUTABLE : this.#untilClose(),
    };
    if (ifNoneMatch !== undefined && matchesAny(ifNoneMatch, kept.etags))
      return { status: 304, headers, body: Buffer.alloc(0) };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const body = kept[encoding];
    headers['Content-Length'] = String(body.byteLength);
    return { status: 200, headers, body };
  }

  /** One read of the generation at a time, in the background; a failed one leaves the trust to run out. */
  #refreshGeneration(): void {
    if (this.#refreshing) return;
    this.#refreshing = true;
    this.generation().then(
      () => (this.#refreshing = false),
      () => (this.#refreshing = false),
    );
  }

  /**
   * max-age and stale-while-revalidate within the seconds the generation stays fresh: made once a second of the app's
   * clock (the calendar's arithmetic costs a request ~13 µs).
   */
  #untilClose(): string {
    const now = this.#options.now();
    const second = Math.floor(now.getTime() / 1000);
    const latestClose = this.#generation?.latestClose ?? null;
    const made = this.#untilCloseHeader;
    if (made.second === second && made.latestClose === latestClose) return made.value;
    const left = Math.max(0, Math.floor(this.#options.secondsUntilNextClose(latestClose, now)));
    const maxAge = Math.min(UNTIL_CLOSE_MAX_AGE, left);
    const stale = Math.min(UNTIL_CLOSE_STALE, left - maxAge);
    const value = `public, max-age=${String(maxAge)}, stale-while-revalidate=${String(stale)}`;
    this.#untilCloseHeader = { second, latestClose, value };
    return value;
  }

  async #make(key: string, as: KeepAs, build: () => Promise<string>): Promise<KeptAnswer> {
    const identity = Buffer.from(await build());
    // Built once and kept, so the smallest forms: brotli and gzip at their best, on the thread pool (a version 1
    // fairness record of megabytes at brotli 5: quality 11 would take seconds of a thread).
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: identity.byteLength <= LARGEST_AT_BEST ? zlib.BROTLI_MAX_QUALITY : 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]);
    const kept: KeptAnswer = {
      ...as,
      key,
      identity,
      gzip: gz,
      br,
      etags: { identity: tagOf(identity, ''), gzip: tagOf(identity, '-gz'), br: tagOf(identity, '-br') },
      bytes: identity.byteLength + gz.byteLength + br.byteLength,
      targets: new Set(),
    };
    // A close may have come while it was built: an answer of a generation gone is served once, not kept.
    if (as.generation !== null && as.generation !== this.#generation?.key) return kept;
    this.#answers.set(key, kept);
    this.#bytes += kept.bytes;
    this.#evict();
    return kept;
  }

  #touch(kept: KeptAnswer): void {
    this.#answers.delete(kept.key);
    this.#answers.set(kept.key, kept);
  }

  #index(kept: KeptAnswer, target: string): void {
    if (kept.targets.has(target) || kept.targets.size >= TARGETS_PER_ANSWER) return;
    kept.targets.add(target);
    this.#byTarget.set(target, kept);
  }

  #remove(kept: KeptAnswer): void {
    this.#answers.delete(kept.key);
    this.#bytes -= kept.bytes;
    for (const target of kept.targets) if (this.#byTarget.get(target) === kept) this.#byTarget.delete(target);
  }

  #evict(): void {
    for (const oldest of this.#answers.values()) {
      if (this.#bytes <= this.#options.maxBytes) return;
      this.#remove(oldest);
    }
  }

  /** The answers of an older generation are never served again. */
  #dropGeneration(): void {
    for (const kept of [...this.#answers.values()]) if (kept.generation !== null) this.#remove(kept);
  }
}
