// The game settings and the Deps every use case receives, gathered from whichever modules bound the ports.
import { ContainerModule } from 'inversify';
import type { GameConfig } from '../../core/config.ts';
import {
  ClockPort,
  DepsPort,
  DigestPort,
  GameConfigPort,
  PasswordHasherPort,
  RandomPort,
  ReceiptSigningPort,
  StorePort,
  TreeFolderPort,
} from './tokens.ts';

export const coreModule = (config: GameConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(GameConfigPort).toConstantValue(config);
    // Transient: each get gathers the ports as they are bound now.
    bind(DepsPort).toDynamicValue((context) => ({
      store: context.get(StorePort),
      clock: context.get(ClockPort),
      random: context.get(RandomPort),
      hasher: context.get(PasswordHasherPort),
      digest: context.get(DigestPort),
      treeFolder: context.get(TreeFolderPort),
      signer: context.get(ReceiptSigningPort),
      config: context.get(GameConfigPort),
    }));
  });
