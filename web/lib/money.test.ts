import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('shows dollars with 2 decimals for USD', () => {
    expect(formatMoney(1234)).toBe('$12.34');
    expect(formatMoney(20000, 'USD')).toBe('$200.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('shows the amount and the code for other currencies', () => {
    expect(formatMoney(1234, 'EUR')).toBe('12.34 EUR');
  });
});
