// What a use case receives: the ports, the repositories it names, and the game settings.
import type { GameConfig } from './config.ts';
import type { Clock, Digest, PasswordHasher, Random, RepositoryName, Store, StoreOf } from './ports.ts';
import type { TreeFolder } from './fairness/ports.ts';

/**
 * The whole Store when `K` names every repository (the composition root's Deps, which also closes it), else the view
 * of the repositories `K` names.
 */
export type StoreFor<K extends RepositoryName> = [RepositoryName] extends [K] ? Store : StoreOf<K>;

/**
 * A use case's ports. `K` names the repositories its units of work use (core/ports.ts, StoreOf): `Deps<'games' |
 * 'entries'>` can reach those two and no other. Without `K`, every repository and the whole Store.
 */
export interface Deps<K extends RepositoryName = RepositoryName> {
  store: StoreFor<K>;
  clock: Clock;
  random: Random;
  hasher: PasswordHasher;
  digest: Digest;
  /** Where the close folds its fairness tree (DESIGN.md §16). */
  treeFolder: TreeFolder;
  config: GameConfig;
}
