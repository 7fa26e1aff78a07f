// The browser words a signature's verdict, and a BAD SIGNATURE's reason, as `lowest verify --receipt` and
// docs/fairness.md do: the web app imports nothing from core/, so its copies are held equal to core's here.
import { describe, expect, it } from 'vitest';
import {
  signatureProblemText,
  signatureVerdictText,
  type SignatureProblem,
} from '../../../core/fairness/receipt-signature.ts';
import { describeSignatureProblem } from './receipt-signature-check.ts';
import { signatureText } from './receipt-verdict.tsx';

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

const key = { keyId: '0123456789abcdef', publicKey: 'MCowBQYDK2VwAyEA', from: '2026-12-01T00:00:00.000Z', until: null };

describe('the verify page words signatures as the CLI does', () => {
  it.each(problems)('the reason $code', (problem) => {
    expect(describeSignatureProblem(problem)).toBe(signatureProblemText(problem));
  });

  it('SIGNED, UNSIGNED and BAD SIGNATURE', () => {
    const signed = { status: 'signed', keyId: key.keyId, signedAt: '2026-12-02T10:00:00.000Z', key } as const;
    expect(signatureText(signed)).toBe(signatureVerdictText(signed));
    expect(signatureText({ status: 'unsigned' })).toBe(signatureVerdictText({ status: 'unsigned' }));
    for (const problem of problems) {
      expect(signatureText({ status: 'bad', problem })).toBe(signatureVerdictText({ status: 'bad', problem }));
    }
  });
});
