// Reads a receipt file for `lowest verify --receipt`: a small regular file of JSON, read with a bounded buffer so a
// device (/dev/zero) or a huge file is refused with one line instead of exhausting memory.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { DomainError } from '../core/errors.ts';
import { asReceipt, type Receipt } from '../core/fairness/record.ts';

/** A receipt is a few hundred bytes; anything past this is not one. */
export const RECEIPT_MAX_BYTES = 64 * 1024;

const firstLine = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

const invalid = (message: string) => new DomainError('VALIDATION', `--receipt: ${message}`);

const readBounded = (file: string): string => {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw invalid(`cannot read ${file} (${firstLine(error)}).`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw invalid(`${file} is not a regular file.`);
    if (stat.size > RECEIPT_MAX_BYTES)
      throw invalid(`${file} has ${String(stat.size)} bytes; a receipt has at most ${String(RECEIPT_MAX_BYTES)}.`);
    // One byte more than allowed tells a file that grew since fstat from one that fits.
    const buffer = Buffer.alloc(RECEIPT_MAX_BYTES + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read)
      read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > RECEIPT_MAX_BYTES)
      throw invalid(`${file} has more than ${String(RECEIPT_MAX_BYTES)} bytes; a receipt has fewer.`);
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(`cannot read ${file} (${firstLine(error)}).`);
  } finally {
    closeSync(fd);
  }
};

/** The receipt in `file`, or a VALIDATION error naming the option and what is wrong. */
export const readReceiptFile = (file: string): Receipt => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readBounded(file));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(`cannot read ${file} as JSON (${firstLine(error)}).`);
  }
  const receipt = asReceipt(parsed);
  if (!receipt) {
    throw invalid(
      `${file} is not a receipt (gameDate, entryId or mineId, number, salt, leaf; signedAt, keyId and sig all or none).`,
    );
  }
  return receipt;
};
