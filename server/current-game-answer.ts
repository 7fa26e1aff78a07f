// GET /api/game/today answered before the app (public-answer-front.ts) from the current game the app last read: the
// answer carries the server's clock, so it is built per request, but its game needs no read of the database within
// GENERATION_TRUST_MS of the app's, the second the front also trusts the app's read of the generation
// (public-answer-cache.ts). Another instance's change of the current game (an admin's close or open) shows within it;
// this instance's own forgets it at once (forgetGames). It buys the app's per-request middleware and its
// Request/Response objects, measured by `npm run bench:http` (docs/performance.md): 90 µs of CPU a request through
// the app.
import { currentDate, gameTodayOf } from '../core/game/current-game.ts';
import type { GameConfig } from '../core/config.ts';
import type { Game } from '../core/model.ts';
import { GENERATION_TRUST_MS } from './public-answer-cache.ts';

export interface CurrentGameAnswerOptions {
  config: GameConfig;
  /** A monotonic clock in milliseconds (performance.now by default). */
  monotonicMs?: () => number;
}

export class CurrentGameAnswer {
  #game: Game | null = null;
  #readAt = -Infinity;
  readonly #config: GameConfig;
  readonly #monotonicMs: () => number;

  constructor({ config, monotonicMs = () => performance.now() }: CurrentGameAnswerOptions) {
    this.#config = config;
    this.#monotonicMs = monotonicMs;
  }

  /** The app read `game` as the current game just now. */
  keep(game: Game): void {
    this.#game = game;
    this.#readAt = this.#monotonicMs();
  }

  /** This instance changed the current game (a close, an admin's open): the next answer reads it again. */
  forget(): void {
    this.#game = null;
    this.#readAt = -Infinity;
  }

  /** The answer's JSON at `now`, or null when the app must read the current game (none kept, too old, a new day). */
  json(now: Date): string | null {
    const game = this.#game;
    if (game === null || this.#monotonicMs() - this.#readAt > GENERATION_TRUST_MS) return null;
    if (game.date !== currentDate(now, this.#config)) return null;
    return JSON.stringify(gameTodayOf(game, now));
  }
}
