// The service identifiers of the composition root's container (inversify): one per port of the core, plus the
// SQL store (for what lies outside the repositories) and the Deps the use cases receive.
import type { AbstractNewable } from 'inversify';
import type { Kysely } from 'kysely';
import type { GameConfig } from '../../core/config.ts';
import type { Deps } from '../../core/deps.ts';
import type { ReceiptSigning, TreeFolder } from '../../core/fairness/ports.ts';
import type { MailSender } from '../../core/mail/mail-sender.ts';
import type { Clock, Digest, PasswordHasher, Random, Store } from '../../core/ports.ts';
import type { Database } from '../../adapters/sql/schema.ts';

/** A SQL store with its query builder, for the tables outside the repositories (rate limits). */
export interface OpenedStore extends Store {
  readonly db: Kysely<Database>;
  /** SQLite: whether writes succeed (a full or read-only database cannot take them), for /readyz. */
  writable?(): Promise<boolean>;
  /** SQLite: hears of each failure of the WAL checkpoint thread, for the logs and /metrics. */
  onCheckpointFailure?(listener: (error: Error) => void): void;
}

/**
 * A symbol at run time. inversify infers a service's type only from a class, so the symbol is typed as an abstract
 * one: `bind`, `rebind` and `get` then check the value against the port (a plain symbol would take anything).
 */
export type PortId<T> = AbstractNewable<T>;

const portId = <T>(name: string): PortId<T> => Symbol(name) as unknown as PortId<T>;

export const StorePort = portId<Store>('Store');
export const ClockPort = portId<Clock>('Clock');
export const RandomPort = portId<Random>('Random');
export const PasswordHasherPort = portId<PasswordHasher>('PasswordHasher');
export const DigestPort = portId<Digest>('Digest');
export const TreeFolderPort = portId<TreeFolder>('TreeFolder');
export const ReceiptSigningPort = portId<ReceiptSigning>('ReceiptSigning');
/** null: no delivery, mails wait in the outbox. */
export const MailSenderPort = portId<MailSender | null>('MailSender');
export const GameConfigPort = portId<GameConfig>('GameConfig');
/** What the use cases receive, built from the ports above at each `get`: a port rebound later is seen. */
export const DepsPort = portId<Deps>('Deps');
/** Bound by the SQLite and PostgreSQL modules only: the same store as StorePort, with its query builder. */
export const SqlStorePort = portId<OpenedStore>('SqlStore');

/** Every port a set of modules must bind exactly once (the SQL store is bound by the SQL modules alone). */
export const corePorts = {
  Store: StorePort,
  Clock: ClockPort,
  Random: RandomPort,
  PasswordHasher: PasswordHasherPort,
  Digest: DigestPort,
  TreeFolder: TreeFolderPort,
  ReceiptSigning: ReceiptSigningPort,
  MailSender: MailSenderPort,
  GameConfig: GameConfigPort,
  Deps: DepsPort,
} as const;
