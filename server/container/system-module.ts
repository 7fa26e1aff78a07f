// The machine's ports: the system clock, node:crypto's randomness, digest and Ed25519, scrypt and the tree fold's thread.
import { ContainerModule } from 'inversify';
import { LimitedHasher } from '../../adapters/crypto/limited-hasher.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { ScryptHasher } from '../../adapters/crypto/scrypt-hasher.ts';
import { threadTreeFolder } from '../../adapters/crypto/tree-fold-thread.ts';
import { cryptoRandom, systemClock } from '../system-ports.ts';
import { ClockPort, DigestPort, PasswordHasherPort, RandomPort, ReceiptSigningPort, TreeFolderPort } from './tokens.ts';

export const systemModule = new ContainerModule(({ bind }) => {
  bind(ClockPort).toConstantValue(systemClock);
  bind(RandomPort).toConstantValue(cryptoRandom);
  bind(DigestPort).toConstantValue(nodeDigest);
  bind(ReceiptSigningPort).toConstantValue(nodeEd25519);
  // scrypt at most 2 at a time per process (DESIGN.md §14): one limiter per container.
  bind(PasswordHasherPort)
    .toDynamicValue(() => new LimitedHasher(new ScryptHasher()))
    .inSingletonScope();
  bind(TreeFolderPort)
    .toDynamicValue(() => threadTreeFolder())
    .inSingletonScope();
});
