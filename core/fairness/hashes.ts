// The hashes of DESIGN.md §16, exactly: every text that is hashed is built here, so the formats
// in docs/fairness.md have one source. All hashes are lowercase hex SHA-256 of UTF-8 text.
import type { GameKey } from '../model.ts';
import type { Digest, Random } from '../ports.ts';

const PREFIX = 'lowest-unique/v1';
/** A salt is 16 random bytes, 32 hex characters. */
export const SALT_BYTES = 16;

export interface Sealed {
  salt: string;
  leaf: string;
}

export const entryLeafText = (gameKey: GameKey, entryId: string, number: number, salt: string): string =>
  `${PREFIX}/entry|${gameKey}|${entryId}|${String(number)}|${salt}`;

export const mineLeafText = (gameKey: GameKey, mineId: string, number: number, salt: string): string =>
  `${PREFIX}/mine|${gameKey}|${mineId}|${String(number)}|${salt}`;

export const nodeText = (left: string, right: string): string => `${PREFIX}/node|${left}|${right}`;

export const emptyRootText = (gameKey: GameKey): string => `${PREFIX}/empty|${gameKey}`;

export const entryLeaf = (digest: Digest, gameKey: GameKey, entryId: string, number: number, salt: string): string =>
  digest.sha256Hex(entryLeafText(gameKey, entryId, number, salt));

export const mineLeaf = (digest: Digest, gameKey: GameKey, mineId: string, number: number, salt: string): string =>
  digest.sha256Hex(mineLeafText(gameKey, mineId, number, salt));

export const nodeHash = (digest: Digest, left: string, right: string): string =>
  digest.sha256Hex(nodeText(left, right));

export const emptyRoot = (digest: Digest, gameKey: GameKey): string => digest.sha256Hex(emptyRootText(gameKey));

const PREFIX_V2 = 'lowest-unique/v2';

/** Tree version 2: a node commits to the interval [lo, hi] of the numbers below it as well as to its children. */
export const nodeV2Text = (lo: number, hi: number, left: string, right: string): string =>
  `${PREFIX_V2}/node|${String(lo)}|${String(hi)}|${left}|${right}`;

export const emptyRootV2Text = (gameKey: GameKey): string => `${PREFIX_V2}/empty|${gameKey}`;

/** A fresh salt and the leaf it gives: what an entry gets at submission. */
export const sealEntry = (
  digest: Digest,
  random: Random,
  gameKey: GameKey,
  entryId: string,
  number: number,
): Sealed => {
  const salt = random.tokenHex(SALT_BYTES);
  return { salt, leaf: entryLeaf(digest, gameKey, entryId, number, salt) };
};

/** A fresh salt and the leaf it gives: what a mine gets when it is laid. */
export const sealMine = (digest: Digest, random: Random, gameKey: GameKey, mineId: string, number: number): Sealed => {
  const salt = random.tokenHex(SALT_BYTES);
  return { salt, leaf: mineLeaf(digest, gameKey, mineId, number, salt) };
};
