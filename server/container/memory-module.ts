// The in-memory store (tests and demos): a fresh, empty MemoryStore per container.
import { ContainerModule } from 'inversify';
import { MemoryStore } from '../../adapters/memory/store.ts';
import { StorePort } from './tokens.ts';

export const memoryModule = new ContainerModule(({ bind }) => {
  bind(StorePort)
    .toDynamicValue(() => new MemoryStore())
    .inSingletonScope();
});
