import { describe, expect, it } from 'vitest';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { isDeviceId, networkOf, signalHashes } from './signals.ts';

describe('integrity signals', () => {
  it('groups addresses into IPv4 /24 and IPv6 /48 networks, IPv4-mapped as IPv4', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.5')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:DB8:ABCD:0012:0000:0000:0000:0001')).toBe('2001:db8:abcd::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    for (const bad of ['', 'unknown', '300.1.1.1', '1.2.3', '1::2::3', '2001:db8:zz::1'])
      expect(networkOf(bad)).toBeNull();
  });

  it('hashes only what it can read, under the key, so the same signal matches across accounts and keys differ', () => {
    const client = { deviceId: 'ab'.repeat(16), address: '198.51.100.4' };
    const once = signalHashes(nodeDigest, 'k1', client);
    expect(once.map((h) => h.kind)).toEqual(['device', 'network']);
    expect(once.every((h) => /^[0-9a-f]{32}$/.test(h.hash))).toBe(true);
    expect(signalHashes(nodeDigest, 'k1', { ...client, address: '198.51.100.250' })).toEqual(once);
    expect(signalHashes(nodeDigest, 'k2', client)).not.toEqual(once);
    expect(JSON.stringify(once)).not.toContain('198.51.100');
    expect(signalHashes(nodeDigest, 'k1', { deviceId: 'not-ours', address: 'garbage' })).toEqual([]);
    expect(isDeviceId('ab'.repeat(16))).toBe(true);
    expect(isDeviceId('AB'.repeat(16))).toBe(false);
  });
});
