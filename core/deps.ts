// What every use case receives: the ports and the game settings.
import type { GameConfig } from './config.ts';
import type { Clock, Digest, PasswordHasher, Random, Store } from './ports.ts';
import type { ReceiptSigning, TreeFolder } from './fairness/ports.ts';

export interface Deps {
  store: Store;
  clock: Clock;
  random: Random;
  hasher: PasswordHasher;
  digest: Digest;
  /** Where the close folds its fairness tree (DESIGN.md §16). */
  treeFolder: TreeFolder;
  /** Ed25519, which signs every receipt (DESIGN.md §16). */
  signer: ReceiptSigning;
  config: GameConfig;
}
