// SHA-256 as lowercase hex, synchronously: @noble/hashes' audited pure-JS SHA-256. Web Crypto's digest answers a
// promise per hash, and FULL AUDIT of a million picks makes two million of them. Only the verify page and its
// worker import this file.
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function sha256HexSync(text: string): string {
  let hex = '';
  for (const byte of sha256(encoder.encode(text))) hex += HEX[byte];
  return hex;
}
