import { describe, expect, it } from 'vitest';
import { createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { myEntries } from '../entries/my-entries.ts';
import { useMine } from '../rewards/use-rewards.ts';
import { earnRewards } from '../rewards/earn.ts';
import { gameReceipts } from './tree-v2-record.ts';
import {
  configuredKeyNotSigning,
  KEY_HANDOVER_MS,
  KEY_REFRESH_MS,
  NO_PRIVATE_KEY,
  publishedKeys,
  rotateReceiptKey,
} from './receipt-keys.ts';
import type { EntryReceipt, MineReceipt } from './record.ts';
import type { PublishedKey } from './model.ts';
import { receiptText } from './receipt-signature.ts';

const setup = async (overrides: Partial<TestDeps> = {}): Promise<TestDeps> => {
  const deps = makeDeps(overrides);
  for (const id of ['ann', 'bob']) await createUser(deps, { id });
  return deps;
};

/** Whether the receipt's signature verifies with its published key. */
const verifies = (deps: TestDeps, keys: PublishedKey[], r: EntryReceipt): boolean => {
  const key = keys.find((k) => k.keyId === r.keyId);
  if (!key || r.signedAt === undefined || r.sig === undefined) return false;
  const text = receiptText(r, r.signedAt);
  return deps.signer.verify(key.publicKey, text, r.sig);
};

describe('signed receipts', () => {
  it("signs a pick's receipt at its submission with the key the store publishes, and every later answer carries it", async () => {
    const deps = await setup();
    const first = await submitEntry(deps, { userId: 'ann', number: 7 });
    const keys = await publishedKeys(deps);
    expect(keys).toEqual([
      { keyId: first.receipt.keyId, publicKey: expect.any(String), from: expect.any(String), until: null },
    ]);
    expect(first.receipt.signedAt).toBe(first.entry.submittedAt);
    expect(verifies(deps, keys, first.receipt)).toBe(true);
    // The signature covers every field: another number does not verify.
    expect(verifies(deps, keys, { ...first.receipt, number: 8 })).toBe(false);
    expect(verifies(deps, keys, { ...first.receipt, signedAt: '2026-11-20T12:00:00.001Z' })).toBe(false);

    // Another player's pick is signed with the same key.
    const other = await submitEntry(deps, { userId: 'bob', number: 9 });
    expect(other.receipt.keyId).toBe(first.receipt.keyId);
    const mine = await myEntries(deps, 'ann');
    expect(mine.entries[0]).toMatchObject(first.receipt);
    const receipts = await gameReceipts(deps, first.receipt.gameDate, 'ann');
    expect(receipts.entries).toEqual([first.receipt]);
  });

  it("signs a mine's receipt with the mine's own text", async () => {
    const deps = await setup();
    await deps.store.write((repos) => earnRewards(repos, deps.random, 'mine', ['ann'], deps.clock.now(), null));

    const { receipt } = await useMine(deps, { userId: 'ann', number: 12 });
    const [key] = await publishedKeys(deps);
    const r: MineReceipt = receipt;
    expect(r.keyId).toBe(key?.keyId);
    const text = receiptText(r, r.signedAt ?? '');
    expect(deps.signer.verify(key?.publicKey ?? '', text, r.sig ?? '')).toBe(true);
    expect(text.startsWith('lowest-unique/v1/mine-receipt|')).toBe(true);
    expect((await gameReceipts(deps, r.gameDate, 'ann')).mines).toEqual([receipt]);
  });

  it('rotates: the old key stays published until the handover, and the new one signs', async () => {
    const deps = await setup();
    const before = await submitEntry(deps, { userId: 'ann', number: 7 });
    deps.clock.advance(1000);
    const rotated = await rotateReceiptKey(deps);
    const after = await submitEntry(deps, { userId: 'bob', number: 8 });
    expect(after.receipt.keyId).toBe(rotated.keyId);
    expect(after.receipt.keyId).not.toBe(before.receipt.keyId);
    const keys = await publishedKeys(deps);
    expect(keys.map((k) => [k.keyId, k.until])).toEqual([
      [before.receipt.keyId, new Date(deps.clock.now().getTime() + KEY_HANDOVER_MS).toISOString()],
      [rotated.keyId, null],
    ]);
    expect(verifies(deps, keys, before.receipt)).toBe(true);
    expect(verifies(deps, keys, after.receipt)).toBe(true);
  });

  it("picks up another instance's rotation within a minute", async () => {
    const deps = await setup();
    const before = await submitEntry(deps, { userId: 'ann', number: 7 });
    // Another instance rotates, straight in the database: this instance keeps the key it read until its next read.
    const otherKey = await deps.store.write(async (repos) => {
      const { privateKey, publicKey } = deps.signer.generate();
      const key = {
        keyId: deps.signer.keyIdOf(publicKey),
        publicKey,
        privateKey,
        from: deps.clock.now().toISOString(),
        until: null,
      };
      await repos.receiptKeys.rotate(key, new Date(deps.clock.now().getTime() + KEY_HANDOVER_MS).toISOString());
      return key.keyId;
    });
    expect((await submitEntry(deps, { userId: 'bob', number: 8 })).receipt.keyId).toBe(before.receipt.keyId);
    deps.clock.advance(KEY_REFRESH_MS);
    await createUser(deps, { id: 'cat' });
    expect((await submitEntry(deps, { userId: 'cat', number: 9 })).receipt.keyId).toBe(otherKey);
  });

  it('signs with RECEIPT_SIGNING_KEY; another key takes over only through lowest keys rotate', async () => {
    const seed = makeDeps();
    const a = seed.signer.generate();
    const b = seed.signer.generate();
    const deps = await setup({ config: { ...seed.config, receiptSigningKey: a.privateKey } });
    const first = await submitEntry(deps, { userId: 'ann', number: 7 });
    const aId = deps.signer.keyIdOf(a.publicKey);
    const bId = deps.signer.keyIdOf(b.publicKey);
    expect(first.receipt.keyId).toBe(aId);
    const started = deps.clock.now().toISOString();
    expect(await publishedKeys(deps)).toEqual([{ keyId: aId, publicKey: a.publicKey, from: started, until: null }]);

    // Another instance given another key refuses to sign, naming the key that signs and the way to rotate.
    await createUser(deps, { id: 'cat' });
    const other: TestDeps = { ...deps, store: deps.store, config: { ...deps.config, receiptSigningKey: b.privateKey } };
    const refusal = configuredKeyNotSigning(bId, { keyId: aId, publicKey: a.publicKey, from: started, until: null });
    expect(refusal).toContain(`key ${aId} signs receipts`);
    expect(refusal).toContain('lowest keys rotate');
    deps.clock.advance(KEY_REFRESH_MS);
    await expect(submitEntry(other, { userId: 'bob', number: 8 })).rejects.toThrow(refusal);
    // The first instance's next read keeps its key: the refused one did not take over.
    expect((await submitEntry(deps, { userId: 'bob', number: 8 })).receipt.keyId).toBe(aId);

    // `lowest keys rotate` with RECEIPT_SIGNING_KEY set makes that key the one that signs.
    deps.clock.advance(1000);
    const rotated = await rotateReceiptKey(other);
    expect(rotated).toEqual({ keyId: bId, publicKey: b.publicKey, from: deps.clock.now().toISOString(), until: null });
    const handoverEnds = deps.clock.now().getTime() + KEY_HANDOVER_MS;
    expect((await submitEntry(other, { userId: 'cat', number: 9 })).receipt.keyId).toBe(bId);
    // The instance still given the key before signs with it until the handover ends, at its next read too...
    deps.clock.advance(KEY_REFRESH_MS * 1.5);
    await createUser(deps, { id: 'dan' });
    const late = await submitEntry(deps, { userId: 'dan', number: 10 });
    expect(late.receipt.keyId).toBe(aId);
    const keys = await publishedKeys(deps);
    expect(keys.map((k) => [k.keyId, k.until])).toEqual([
      [aId, new Date(handoverEnds).toISOString()],
      [bId, null],
    ]);
    expect(verifies(deps, keys, first.receipt)).toBe(true);
    expect(verifies(deps, keys, late.receipt)).toBe(true);
    // ...and never past it, even inside its minute between reads.
    deps.clock.set(new Date(handoverEnds));
    await createUser(deps, { id: 'eve' });
    await expect(submitEntry(deps, { userId: 'eve', number: 11 })).rejects.toThrow(
      configuredKeyNotSigning(aId, rotated),
    );
    // Rotating to the key that signs changes nothing.
    expect(await rotateReceiptKey(other)).toEqual(rotated);
  });

  it('refuses a RECEIPT_SIGNING_KEY while a key kept in the database signs, saying to leave it unset or rotate', async () => {
    const deps = await setup();
    const made = await submitEntry(deps, { userId: 'ann', number: 7 });
    const configured = deps.signer.generate();
    const given: TestDeps = { ...deps, config: { ...deps.config, receiptSigningKey: configured.privateKey } };
    deps.clock.advance(KEY_REFRESH_MS);
    const refusal = submitEntry(given, { userId: 'bob', number: 8 });
    await expect(refusal).rejects.toThrow(
      `RECEIPT_SIGNING_KEY is key ${deps.signer.keyIdOf(configured.publicKey)}, but key ${made.receipt.keyId} signs`,
    );
    await expect(refusal).rejects.toThrow('(the database keeps it: leave RECEIPT_SIGNING_KEY unset)');
    expect((await publishedKeys(deps)).map((k) => k.keyId)).toEqual([made.receipt.keyId]);
  });

  it("refuses to sign when the key that signs is RECEIPT_SIGNING_KEY's and this instance was not given it", async () => {
    const seed = makeDeps();
    const a = seed.signer.generate();
    const deps = await setup({ config: { ...seed.config, receiptSigningKey: a.privateKey } });
    await submitEntry(deps, { userId: 'ann', number: 7 });
    const unset = { ...deps, config: { ...deps.config, receiptSigningKey: null } };
    deps.clock.advance(KEY_REFRESH_MS);
    await expect(submitEntry(unset, { userId: 'bob', number: 8 })).rejects.toThrow(NO_PRIVATE_KEY);
  });
});
