// Today's game before the app: answered from the current game the app last read, at the request's instant, only while
// that read is trusted and its game is still the current one.
import { describe, expect, it } from 'vitest';
import { defaultGameConfig } from '../core/config.ts';
import { gameTodayOf } from '../core/game/current-game.ts';
import { game } from '../test/contract/fixtures.ts';
import { CurrentGameAnswer } from './current-game-answer.ts';
import { GENERATION_TRUST_MS } from './public-answer-cache.ts';

const today = game('2026-11-20', { closesAt: '2026-11-21T00:00:00.000Z' });
const noon = new Date('2026-11-20T12:00:00.000Z');

const answerWith = () => {
  const clock = { ms: 0 };
  return { clock, answer: new CurrentGameAnswer({ config: defaultGameConfig, monotonicMs: () => clock.ms }) };
};

describe('CurrentGameAnswer', () => {
  it("answers at the request's instant what the app answers for the game it read", () => {
    const { answer } = answerWith();
    expect(answer.json(noon)).toBeNull();
    answer.keep(today);
    const later = new Date(noon.getTime() + 250);
    expect(JSON.parse(answer.json(later) ?? 'null')).toEqual(gameTodayOf(today, later));
    expect(JSON.parse(answer.json(later) ?? 'null')).toMatchObject({
      gameDate: '2026-11-20',
      serverNowISO: '2026-11-20T12:00:00.250Z',
      msUntilClose: 12 * 3600_000 - 250,
      effectiveStatus: 'open',
    });
  });

  it('leaves the answer to the app once the read is older than a second, forgotten, or of another day', () => {
    const { clock, answer } = answerWith();
    answer.keep(today);
    clock.ms = GENERATION_TRUST_MS;
    expect(answer.json(noon)).not.toBeNull();
    clock.ms = GENERATION_TRUST_MS + 1;
    expect(answer.json(noon)).toBeNull();

    answer.keep(today);
    answer.forget();
    expect(answer.json(noon)).toBeNull();

    // Past the deadline the current game is the next day's, which the app reads (or creates).
    answer.keep(today);
    expect(answer.json(new Date('2026-11-21T00:00:00.000Z'))).toBeNull();
  });

  it('answers a game closed early as closed', () => {
    const { answer } = answerWith();
    answer.keep({ ...today, status: 'closed', closedAt: '2026-11-20T11:00:00.000Z' });
    expect(JSON.parse(answer.json(noon) ?? 'null')).toMatchObject({ effectiveStatus: 'closed', msUntilClose: 0 });
  });
});
