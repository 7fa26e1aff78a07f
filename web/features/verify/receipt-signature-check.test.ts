// The browser names a BAD SIGNATURE's reason in the words `lowest verify --receipt` and docs/fairness.md use.
import { describe, expect, it } from 'vitest';
import { signatureProblemText, type SignatureProblem } from '../../../core/fairness/receipt-signature.ts';
import { describeSignatureProblem } from './receipt-signature-check.ts';

const problems: SignatureProblem[] = [
  { code: 'mismatch' },
  { code: 'unknown-key', keyId: '0123456789abcdef' },
  {
    code: 'outside-period',
    keyId: '0123456789abcdef',
    signedAt: '2026-12-02T00:00:01.000Z',
    from: '2026-12-03T00:00:00.000Z',
    until: null,
  },
  { code: 'after-close', signedAt: '2026-12-02T00:00:01.000Z', closedAt: '2026-12-02T00:00:00.000Z' },
];

describe('describeSignatureProblem', () => {
  it.each(problems)('words $code as the CLI does', (problem) => {
    expect(describeSignatureProblem(problem)).toBe(signatureProblemText(problem));
  });
});
