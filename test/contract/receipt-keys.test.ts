// Contract: the keys that sign receipts (DESIGN.md §16) and the signatures kept with entries and mines; identical on
// memory, SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import type { StoredReceiptKey } from '../../core/fairness/ports.ts';
import { contract } from './harness.ts';
import { entry, game, mine, seedUsers } from './fixtures.ts';

const key = (keyId: string, from: string, privateKey: string | null = `private-${keyId}`): StoredReceiptKey => ({
  keyId,
  publicKey: `public-${keyId}`,
  privateKey,
  from,
  until: null,
});

contract('receipt keys', ({ store }) => {
  it('keeps one signing key: the first started wins, a second start reads it', async () => {
    expect(await store().read((r) => r.receiptKeys.signing())).toBeNull();
    const first = await store().write((r) => r.receiptKeys.startIfNone(key('a', '2026-12-01T00:00:00.000Z')));
    expect(first).toEqual(key('a', '2026-12-01T00:00:00.000Z'));
    const second = await store().write((r) => r.receiptKeys.startIfNone(key('b', '2026-12-01T00:01:00.000Z')));
    expect(second.keyId).toBe('a');
    expect(await store().read((r) => r.receiptKeys.signing())).toEqual(first);
    expect(await store().read((r) => r.receiptKeys.published())).toEqual([
      { keyId: 'a', publicKey: 'public-a', from: '2026-12-01T00:00:00.000Z', until: null },
    ]);
  });

  it('rotates: the old key stops at the given time and stays published, the new one signs', async () => {
    await store().write((r) => r.receiptKeys.startIfNone(key('a', '2026-12-01T00:00:00.000Z')));
    await store().write((r) => r.receiptKeys.rotate(key('b', '2026-12-02T00:00:00.000Z'), '2026-12-02T00:02:00.000Z'));
    expect((await store().read((r) => r.receiptKeys.signing()))?.keyId).toBe('b');
    expect(await store().read((r) => r.receiptKeys.published())).toEqual([
      { keyId: 'a', publicKey: 'public-a', from: '2026-12-01T00:00:00.000Z', until: '2026-12-02T00:02:00.000Z' },
      { keyId: 'b', publicKey: 'public-b', from: '2026-12-02T00:00:00.000Z', until: null },
    ]);
    // A key from the environment keeps no private key; rotating to the key that signs changes nothing.
    await store().write((r) =>
      r.receiptKeys.rotate(key('c', '2026-12-03T00:00:00.000Z', null), '2026-12-03T00:02:00.000Z'),
    );
    await store().write((r) =>
      r.receiptKeys.rotate(key('c', '2026-12-03T00:05:00.000Z', null), '2026-12-03T00:07:00.000Z'),
    );
    expect(await store().read((r) => r.receiptKeys.signing())).toEqual(key('c', '2026-12-03T00:00:00.000Z', null));
    expect((await store().read((r) => r.receiptKeys.published())).map((k) => [k.keyId, k.until])).toEqual([
      ['a', '2026-12-02T00:02:00.000Z'],
      ['b', '2026-12-03T00:02:00.000Z'],
      ['c', null],
    ]);
  });

  it("keeps an entry's and a mine's receipt signature, and none on those stored without one", async () => {
    const KEY = '2026-11-20';
    await store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2');
      await r.games.create(game(KEY));
      await r.entries.add({ ...entry(KEY, 'u1', 3), signature: { keyId: 'k1', sig: 'c2lnLWVudHJ5' } });
      await r.entries.add(entry(KEY, 'u2', 4));
      await r.mines.place({ ...mine(KEY, 'u1', 12), signature: { keyId: 'k1', sig: 'c2lnLW1pbmU=' } });
      await r.mines.place(mine(KEY, 'u2', 13));
    });
    const [e1, e2, m1, m2] = await store().read((r) =>
      Promise.all([
        r.entries.forPlayer(KEY, 'u1'),
        r.entries.forPlayer(KEY, 'u2'),
        r.mines.forPlayer(KEY, 'u1'),
        r.mines.forPlayer(KEY, 'u2'),
      ]),
    );
    expect(e1.map((e) => e.signature)).toEqual([{ keyId: 'k1', sig: 'c2lnLWVudHJ5' }]);
    expect(e2.map((e) => e.signature)).toEqual([undefined]);
    expect(m1?.signature).toEqual({ keyId: 'k1', sig: 'c2lnLW1pbmU=' });
    expect(m2 && 'signature' in m2).toBe(false);
  });
});
