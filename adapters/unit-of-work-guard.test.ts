import { describe, expect, it } from 'vitest';
import { NestedUnitOfWorkError, unitOfWorkGuard } from './unit-of-work-guard.ts';

describe('the unit-of-work guard', () => {
  it('refuses a unit inside a unit of the same store, and lets a unit of another store run inside one', async () => {
    const first = unitOfWorkGuard();
    const second = unitOfWorkGuard();
    await expect(first(() => first(async () => 'inner'))).rejects.toBeInstanceOf(NestedUnitOfWorkError);
    await expect(first(() => second(async () => 'other store'))).resolves.toBe('other store');
    await expect(first(() => second(() => first(async () => 'back to the first')))).rejects.toBeInstanceOf(
      NestedUnitOfWorkError,
    );
    // Once a unit is over, the same chain may start the next one.
    await first(async () => undefined);
    await expect(first(async () => 'after')).resolves.toBe('after');
  });
});
