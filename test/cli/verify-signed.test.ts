// `lowest verify DATE --receipt FILE` on the database for signed receipts: SIGNED by the stored key and INCLUDED; a
// pick the game signed and then left out of the closed game (its row removed before the close) is OMITTED, with the
// evidence printed, exit 1; a receipt whose signature was altered is a BAD SIGNATURE.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../core/accounts/sign-in.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { closeGame } from '../../core/game/close.ts';
import { closeInstantForDate } from '../../core/game/calendar.ts';
import { checkAbsence } from '../../core/fairness/tree-v2-proofs.ts';
import { checkReceiptSignature } from '../../core/fairness/receipt-signature.ts';
import type { EntryReceipt } from '../../core/fairness/record.ts';
import type { StoredOmission } from '../../core/fairness/fairness.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { openRuntime } from '../../cli/runtime.ts';
import { runInProcess, tempDatabase, withSqlite } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
const DATE = '2026-10-08';
const receipts: EntryReceipt[] = [];

beforeAll(async () => {
  const runtime = await openRuntime(env);
  try {
    const { deps, clock } = runtime;
    const closes = closeInstantForDate(DATE, deps.config).getTime();
    clock.set(new Date(closes - 3_600_000));
    for (const [name, number] of [
      ['Kept', 5],
      ['Left Out', 7],
      ['Other', 9],
    ] as const) {
      const { user } = await signIn(deps, {
        googleSub: null,
        email: `${name.toLowerCase().replace(' ', '.')}@cli.invalid`,
        displayName: name,
        adminEmails: [],
      });
      receipts.push((await submitEntry(deps, { userId: user.id, number })).receipt);
    }
    // The game drops the second pick before its close: the tree is built without it.
    withSqlite(db.path, (c) => c.prepare('delete from entries where id = ?').run(receipts[1]?.entryId));
    clock.set(new Date(closes + 1_000));
    await closeGame(deps, DATE);
  } finally {
    await runtime.close();
  }
});
afterAll(() => db.remove());

const verify = async (receipt: unknown) => {
  const file = join(db.dir, 'receipt.json');
  writeFileSync(file, JSON.stringify(receipt));
  return runInProcess(['verify', DATE, '--receipt', file], env);
};

describe('lowest verify with a signed receipt', { timeout: 90_000 }, () => {
  it('says SIGNED by the key the database publishes, and INCLUDED', async () => {
    const [kept] = receipts;
    const run = await verify(kept);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`Signature: +SIGNED by key ${kept?.keyId ?? ''} at ${kept?.signedAt ?? ''}\\n`),
    );
    expect(run.stdout).toMatch(/Receipt: +INCLUDED\n/);
  });

  it('says OMITTED for a signed pick the closed game left out, prints evidence anyone can recheck, exit 1', async () => {
    const leftOut = receipts[1];
    if (!leftOut) throw new Error('no receipt');
    const run = await verify(leftOut);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `OMITTED — the game signed this pick at ${leftOut.signedAt ?? ''} and left it out of the closed game`,
    );
    const evidence = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as StoredOmission;
    expect(evidence.format).toBe('lowest-unique/omission-evidence/v1');
    expect(evidence.receipt).toEqual(leftOut);
    // Offline: the signature holds under the published key, and the neighbours prove the leaf absent.
    expect(checkReceiptSignature(leftOut, [evidence.key], evidence.summary.closedAt, nodeEd25519).status).toBe(
      'signed',
    );
    const { root, size, lo, hi } = evidence.summary;
    expect(checkAbsence(nodeDigest, { gameKey: DATE, root, size, lo, hi }, leftOut, evidence.neighbours).ok).toBe(true);
  });

  it('refuses a receipt whose signature or number was altered: BAD SIGNATURE, exit 1', async () => {
    const [kept] = receipts;
    const sig = `${kept?.sig?.startsWith('A') ? 'B' : 'A'}${kept?.sig?.slice(1) ?? ''}`;
    const run = await verify({ ...kept, sig });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Receipt: BAD SIGNATURE (the signature does not match).');
  });
});
