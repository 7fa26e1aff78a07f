// What a use case receives: the ports, the repositories it names, and the game settings.
import type { GameConfig } from './config.ts';
import type { Clock, Digest, PasswordHasher, Random, RepositoryName, Store, StoreOf } from './ports.ts';
import type { ReceiptSigning, TreeFolder } from './fairness/ports.ts';

/**
 * What the whole Store has besides its units of work (closing it, the submission's fast path), when `K` names every
 * repository: the composition root's Deps. A use case that needs the fast path names it (`& { store: PickFastPath }`).
 */
type RestOfStore<K extends RepositoryName> = [RepositoryName] extends [K] ? Omit<Store, keyof StoreOf<K>> : unknown;

/**
 * A use case's ports. `K` names the repositories its units of work may use (core/ports.ts, StoreOf): a function
 * taking `Deps<'games' | 'entries'>` reaches those two and no other. Without `K`, every repository and the whole
 * Store, as the composition root builds it.
 */
export interface Deps<K extends RepositoryName = RepositoryName> {
  store: StoreOf<K> & RestOfStore<K>;
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
