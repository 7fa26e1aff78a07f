// Game settings the core needs, parsed from the environment by the adapters (server, CLI).

export interface GameConfig {
  /** Daily deadline as local wall-clock time `HH:MM` in `closeZone`. */
  closeTime: string;
  /** IANA zone of the deadline, e.g. `Australia/Brisbane`. */
  closeZone: string;
  /** IANA zone whose calendar date names a game, e.g. `America/New_York`. */
  dateZone: string;
  /** ISO 4217 code of the prize currency. */
  currency: string;
  /** Origin of the web app (no trailing slash), for the links in mails. */
  publicUrl: string;
  /** INTEGRITY_KEY: the key of the integrity signals' hashes (DESIGN.md §18); unset, one is kept in the database. */
  integrityKey?: string | null;
  /** RECEIPT_SIGNING_KEY: the Ed25519 private key (PKCS#8 DER, base64) that signs receipts; unset, one is kept in the database. */
  receiptSigningKey?: string | null;
}

export const defaultGameConfig: GameConfig = {
  closeTime: '10:00',
  closeZone: 'Australia/Brisbane',
  dateZone: 'America/New_York',
  currency: 'USD',
  publicUrl: 'http://localhost:3000',
};
