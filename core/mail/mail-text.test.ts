import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasControlCharacters, mailText, oneLine } from './mail-text.ts';
import { payoutMail } from '../payouts/payout-review.ts';
import { winnerMail } from './notifications.ts';

const lines = (text: string): number => text.split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/).length;

describe('mailText', () => {
  it('keeps the template’s line breaks and puts each value on one line, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (name, reason) => {
        const text = mailText`Hi ${name},\n\nReason: ${reason}\n`;
        expect(lines(text)).toBe(4);
        expect(text.startsWith('Hi ')).toBe(true);
        expect(hasControlCharacters(oneLine(name))).toBe(false);
      }),
    );
  });

  it('turns each run of control characters into one space, and leaves other text alone', () => {
    expect(oneLine('Hi\r\n\r\nURGENT: log in')).toBe('Hi URGENT: log in');
    expect(oneLine('Zoë 🎲 – 42')).toBe('Zoë 🎲 – 42');
    expect(mailText`${'a\u2028b'} and ${7}`).toBe('a b and 7');
  });

  it('no name or reason in a built mail can start a paragraph of its own', () => {
    const hostile = 'Ann\r\n\r\nURGENT: log in at https://evil.example';
    const won = winnerMail(
      { playerName: hostile, gameKey: '2026-11-20', gameDate: '2026-11-20', number: 3, prize: null },
      'https://lowest.example',
    );
    const rejected = payoutMail(
      'failed',
      { playerName: hostile, amount: '$50.00', gameDate: '2026-11-20', notes: hostile, reference: null },
      'https://lowest.example',
    );
    for (const body of [won.body, rejected.body]) {
      expect(body).not.toMatch(/\nURGENT/);
      expect(body).toContain('Hi Ann URGENT: log in at https://evil.example,');
    }
  });
});
