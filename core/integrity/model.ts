// What the integrity rules (DESIGN.md §18) work with: keyed hashes of what a player's requests came from, and the
// evidence a flagged winning carries. No signal is ever kept in the clear.
import type { GameKey, Instant } from '../model.ts';

/** What the server knows of a request: the `did` cookie's device id and the client address (as TRUST_PROXY reads it). */
export interface ClientSignals {
  deviceId: string | null;
  address: string | null;
}

/** Signals kept per account and day, as HMAC-SHA-256 hashes under the integrity key. */
export type RecordedKind = 'device' | 'network';

/** One recorded signal: its kind and its keyed hash. */
export interface SignalHash {
  kind: RecordedKind;
  hash: string;
}

/** Why two accounts are linked. */
export type LinkKind = RecordedKind | 'referral' | 'picks';

export type Strength = 'strong' | 'medium' | 'weak';

export interface SignalEvidence {
  kind: LinkKind;
  strength: Strength;
  /** How many accounts of the cluster this signal links. */
  accounts: number;
}

/** What an admin reads on a flagged payout card (DESIGN.md §18). */
export interface IntegrityEvidence {
  flagged: true;
  clusterSize: number;
  accountsInGame: number;
  numbersHeld: number[];
  signals: SignalEvidence[];
}

export type FlagRole = 'winner' | 'runnerUp';

/** A flag stored with the game at its close: whose, and the cluster's members (admins only: the DATA tab's marks). */
export interface IntegrityFlag {
  gameKey: GameKey;
  role: FlagRole;
  userId: string;
  evidence: IntegrityEvidence;
  memberIds: string[];
  createdAt: Instant;
}
