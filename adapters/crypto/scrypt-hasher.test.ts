import { describe, it, expect } from 'vitest';
import { OWASP_COST, ScryptHasher } from './scrypt-hasher.ts';

describe('ScryptHasher', () => {
  it('uses the OWASP cost and the documented format, with a random salt', async () => {
    const hasher = new ScryptHasher();
    const a = await hasher.hash('guild-pass');
    const b = await hasher.hash('guild-pass');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify('guild-pass', a)).toBe(true);
    expect(await hasher.verify('guild-pasS', a)).toBe(false);
    expect(OWASP_COST).toEqual({ N: 131072, r: 8, p: 1 });
  });

  it('verifies hashes made with another cost and refuses malformed ones', async () => {
    const cheap = new ScryptHasher({ N: 1024, r: 8, p: 1 });
    const stored = await cheap.hash('1234');
    expect(await new ScryptHasher().verify('1234', stored)).toBe(true);
    expect(await cheap.verify('1234', 'h:1234')).toBe(false);
    expect(await cheap.verify('1234', stored.replace('$1024$', '$1000$'))).toBe(false);
    expect(await cheap.verify('1234', stored.replace('$1024$', `$${2 ** 24}$`))).toBe(false);
    expect(await cheap.verify('1234', 'scrypt$1024$8$1$$')).toBe(false);
  });
});
