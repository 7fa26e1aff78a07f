// The number limits GET /api/game/today sends are the ones the API enforces, with the very messages it answers: a
// client that checks a number with them before sending says what the server would.
import { describe, expect, it } from 'vitest';
import type { GameTodayResponse } from '../../server/routes/game.schemas.ts';
import { json, makeHarness } from './harness.ts';

describe('the number limits of GET /api/game/today', () => {
  it('are what POST /api/entry, Peak and Mine refuse, with the messages they answer', async () => {
    const h = await makeHarness();
    const { limits } = await json<GameTodayResponse>(await h.request('GET', '/api/game/today'));
    const cookie = await h.signIn('ann@example.com');
    const refusal = async (path: string, number: number) => {
      const res = await h.request('POST', path, { cookie, json: { number } });
      return { status: res.status, body: await json(res) };
    };
    const validation = (error: string) => ({ status: 400, body: { error, code: 'VALIDATION' } });

    expect(await refusal('/api/entry', limits.minNumber - 1)).toEqual(validation(limits.messages.wholeNumber));
    expect(await refusal('/api/entry', limits.maxNumber + 1)).toEqual(validation(limits.messages.tooLarge));
    expect(await refusal('/api/gameplay/use-peak', limits.minNumber - 1)).toEqual(
      validation(limits.messages.peakWholeNumber),
    );
    expect(await refusal('/api/gameplay/use-peak', limits.maxNumber + 1)).toEqual(validation(limits.messages.tooLarge));
    expect(await refusal('/api/gameplay/use-mine', limits.minNumber - 1)).toEqual(
      validation(limits.messages.wholeNumber),
    );
    expect(await refusal('/api/gameplay/use-mine', limits.mineMinNumber - 1)).toEqual(
      validation(limits.messages.mineTooLow),
    );

    // The bounds themselves are taken.
    expect((await h.request('POST', '/api/entry', { cookie, json: { number: limits.maxNumber } })).status).toBe(201);
    // No Mine reward is held: past the number check, the refusal is another one.
    expect((await refusal('/api/gameplay/use-mine', limits.mineMinNumber)).body).toMatchObject({ code: 'NO_REWARD' });
  });
});
