// What every use case receives: the ports and the game settings.
import type { GameConfig } from './config.ts';
import type { Clock, Digest, PasswordHasher, Random, Store } from './ports.ts';

export interface Deps {
  store: Store;
  clock: Clock;
  random: Random;
  hasher: PasswordHasher;
  digest: Digest;
  config: GameConfig;
}
