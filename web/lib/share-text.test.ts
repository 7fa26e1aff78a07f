import { describe, expect, it } from 'vitest';
import { bestEntry, shareText } from './share-text.ts';

describe('shareText', () => {
  it('tells the outcome in words with the permalink', () => {
    expect(
      shareText({ gameKey: '2026-11-20', number: 3, outcome: 'winner', winningNumber: 3 }, 'https://lowest.example'),
    ).toBe('LOWEST UNIQUE 2026-11-20: my 3 was the winner. Winning number: 3. https://lowest.example/stats/2026-11-20');
    expect(
      shareText({ gameKey: '2026-11-20', number: 9, outcome: 'runner_up', winningNumber: 3 }, 'http://localhost:3000'),
    ).toBe('LOWEST UNIQUE 2026-11-20: my 9 was runner-up. Winning number: 3. http://localhost:3000/stats/2026-11-20');
    expect(shareText({ gameKey: '2026-11-20', number: 12, outcome: 'unique', winningNumber: 3 }, 'o')).toContain(
      'my 12 was unique.',
    );
  });

  it('names a numbered game and a game without a winner', () => {
    expect(
      shareText(
        { gameKey: '2026-11-20-2', number: 4, outcome: 'duplicate', winningNumber: null },
        'http://localhost:3000',
      ),
    ).toBe(
      'LOWEST UNIQUE 2026-11-20 (Game #2): my 4 was not unique. Winning number: none. http://localhost:3000/stats/2026-11-20-2',
    );
  });
});

describe('bestEntry', () => {
  it('prefers the better outcome, then the lower number', () => {
    expect(bestEntry([])).toBeNull();
    expect(
      bestEntry([
        { number: 2, outcome: 'duplicate' },
        { number: 8, outcome: 'unique' },
      ]),
    ).toEqual({ number: 8, outcome: 'unique' });
    expect(
      bestEntry([
        { number: 9, outcome: 'duplicate' },
        { number: 4, outcome: 'duplicate' },
      ]),
    ).toEqual({ number: 4, outcome: 'duplicate' });
    expect(
      bestEntry([
        { number: 5, outcome: 'runner_up' },
        { number: 3, outcome: 'winner' },
      ]),
    ).toEqual({ number: 3, outcome: 'winner' });
  });
});
