// `lowest keys` and `lowest keys rotate`: the keys that sign receipts, listed as GET /api/fairness/keys publishes
// them; a rotation starts a new key and the one before stays published with the time it stops.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublishedKey } from '../../core/fairness/model.ts';
import { parseJson, runInProcess, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

describe('lowest keys', () => {
  it('lists no key before the first, then each rotation keeps the one before, published with when it stops', async () => {
    const none = await runInProcess(['keys'], env);
    expect(none).toMatchObject({ code: 0 });
    expect(none.stdout).toContain('No key has signed a receipt yet');

    const first = await runInProcess(['keys', 'rotate', '--json'], env);
    expect(first.code).toBe(0);
    const a = parseJson(first.stdout) as PublishedKey;
    const second = await runInProcess(['keys', 'rotate'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Key [0-9a-f]{16} signs receipts from /);

    const listed = parseJson((await runInProcess(['keys', '--json'], env)).stdout) as PublishedKey[];
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ keyId: a.keyId, publicKey: a.publicKey, from: a.from });
    expect(listed[0]?.until).not.toBeNull();
    expect(listed[1]?.until).toBeNull();
    const text = (await runInProcess(['keys'], env)).stdout;
    expect(text).toContain(`${a.keyId}  from ${a.from}  until ${listed[0]?.until ?? ''}`);
    expect(text).toContain(`${listed[1]?.keyId ?? ''}  from ${listed[1]?.from ?? ''}  signing now`);
  });

  it("makes RECEIPT_SIGNING_KEY's key the one that signs, the key before stays published", async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const key = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const run = await runInProcess(['keys', 'rotate', '--json'], { ...env, RECEIPT_SIGNING_KEY: key });
    expect(run.code).toBe(0);
    const rotated = parseJson(run.stdout) as PublishedKey;
    expect(rotated.until).toBeNull();
    const listed = parseJson((await runInProcess(['keys', '--json'], env)).stdout) as PublishedKey[];
    expect(listed.at(-1)).toEqual(rotated);
    expect(listed.filter((k) => k.until === null)).toEqual([rotated]);
    // Run again with the same key, nothing changes.
    const again = await runInProcess(['keys', 'rotate', '--json'], { ...env, RECEIPT_SIGNING_KEY: key });
    expect(parseJson(again.stdout)).toEqual(rotated);
  });
});
