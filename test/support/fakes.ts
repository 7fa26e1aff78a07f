// Deterministic stand-ins for the clock, randomness and password hashing, a Deps builder over a
// fresh MemoryStore, and the user and DomainError helpers core tests share.
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import type { Clock, PasswordHasher, Random } from '../../core/ports.ts';
import type { Deps } from '../../core/deps.ts';
import type { User } from '../../core/model.ts';
import { defaultGameConfig } from '../../core/config.ts';
import { DomainError } from '../../core/errors.ts';
import { MemoryStore } from '../../adapters/memory/store.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { foldTree } from '../../core/fairness/tree-v2-record.ts';

export class FixedClock implements Clock {
  #now: Date;

  constructor(start: Date | string = '2026-11-20T12:00:00.000Z') {
    this.#now = new Date(start);
  }

  now(): Date {
    return new Date(this.#now.getTime());
  }

  set(date: Date | string): void {
    this.#now = new Date(date);
  }

  advance(ms: number): void {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}

/** mulberry32: small, fast and good enough for reproducible tests. */
export class SeededRandom implements Random {
  #state: number;
  #counter = 0;

  constructor(seed = 42) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** UUID-shaped and unique within this instance (a counter keeps them unique whatever the PRNG does). */
  id(): string {
    this.#counter += 1;
    const hex = this.tokenHex(12);
    const count = this.#counter.toString(16).padStart(8, '0');
    return `${count}-${hex.slice(0, 4)}-4${hex.slice(4, 7)}-8${hex.slice(7, 10)}-${hex.slice(10, 22)}`;
  }

  tokenHex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i += 1)
      out += Math.floor(this.next() * 256)
        .toString(16)
        .padStart(2, '0');
    return out;
  }
}

/** Not a hash: tests only need hash/verify to agree. */
export class PlainHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return 'h:' + password;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return hash === 'h:' + password;
  }
}

export interface TestDeps extends Deps {
  store: MemoryStore;
  clock: FixedClock;
  random: SeededRandom;
}

/** Deps over a fresh MemoryStore, the clock at 2026-11-20T12:00Z, random seeded with 42, the default config. */
export const makeDeps = (overrides: Partial<TestDeps> = {}): TestDeps => ({
  store: new MemoryStore(),
  clock: new FixedClock(),
  random: new SeededRandom(),
  hasher: new PlainHasher(),
  digest: nodeDigest,
  treeFolder: (gameKey, bound) => foldTree(nodeDigest, gameKey, bound),
  signer: nodeEd25519,
  config: { ...defaultGameConfig },
  ...overrides,
});

/** Creates a player (or the given fields) through the store, with a referral code derived from the id. */
export const createUser = async (deps: Deps, fields: Partial<User> & { id: string }): Promise<User> => {
  const code = fields.id
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .padEnd(12, 'X')
    .slice(0, 12);
  return deps.store.write((repos) =>
    repos.users.create({
      email: `${fields.id}@example.test`,
      verifiedEmail: null,
      displayName: `Player ${fields.id}`,
      role: 'player',
      googleSub: null,
      referralCode: code,
      isBot: false,
      createdAt: deps.clock.now().toISOString(),
      ...fields,
    }),
  );
};

/** Creates one player per id with createUser, plus the same extra fields for each. */
export const createUsers = async (
  deps: Deps,
  ids: readonly string[],
  fields: (id: string) => Partial<User> = () => ({}),
): Promise<void> => {
  for (const id of ids) await createUser(deps, { ...fields(id), id });
};

/** The DomainError the work rejects with; fails the test if it resolves or throws anything else. */
export const rejection = async (work: Promise<unknown>): Promise<DomainError> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

/** 'ok' when the work resolves, else the DomainError's code (anything else is rethrown): for model-based tests. */
export const codeOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};
