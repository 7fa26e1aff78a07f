import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address.ts';

describe('clientAddressOf (TRUST_PROXY hops into X-Forwarded-For)', () => {
  it('never reads the header when no proxy is trusted', () => {
    expect(clientAddressOf('203.0.113.9', '10.0.0.2', 0)).toBe('10.0.0.2');
  });

  it('takes the address the nearest trusted proxy saw, ignoring what the client wrote further left', () => {
    // The client forged "1.2.3.4"; the one proxy appended the real address.
    expect(clientAddressOf('1.2.3.4, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddressOf('1.2.3.4, 203.0.113.9, 10.0.0.7', '10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('falls back sensibly on a missing, empty or short header', () => {
    expect(clientAddressOf(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddressOf(' , ', '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddressOf('203.0.113.9', '10.0.0.2', 3)).toBe('203.0.113.9');
  });
});
