import { readFileSync } from 'node:fs';
import type { Command } from '../command.ts';
import { DomainError } from '../../core/errors.ts';
import { verifyStoredGame } from '../../core/fairness/fairness.ts';
import { asReceipt, type Receipt } from '../../core/fairness/record.ts';
import { keyValues } from '../format.ts';

const readReceipt = (file: string): Receipt => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DomainError('VALIDATION', `--receipt: cannot read ${file} as JSON (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`);
  }
  const receipt = asReceipt(parsed);
  if (!receipt) throw new DomainError('VALIDATION', `--receipt: ${file} is not a receipt (gameDate, entryId or mineId, number, salt, leaf).`);
  return receipt;
};

export const verifyCommand: Command = {
  name: 'verify',
  args: ['DATE'],
  options: {
    receipt: { type: 'string', valueName: 'FILE', description: 'A receipt saved from the play screen (JSON): is it in the record unchanged?' },
  },
  summary: "Recompute DATE's fairness root from the database and compare it with the stored root; exit 1 when they differ.",
  details:
    'DATE is the game key (YYYY-MM-DD, or YYYY-MM-DD-n for an extra game). Checks every leaf, the root, the winner and the runner-up ' +
    '(DESIGN.md §16, docs/fairness.md). With --receipt FILE, also that the receipt is INCLUDED.',
  run: async ({ args, options, open }) => {
    const receipt = typeof options['receipt'] === 'string' ? readReceipt(options['receipt']) : null;
    const { deps } = await open();
    const check = await verifyStoredGame(deps, args[0] ?? '', receipt);
    if (!check.ok) throw new DomainError('CONFLICT', `NOT VERIFIED ${check.gameKey}: ${check.problem ?? 'unknown problem'}`);
    return {
      data: check,
      text: keyValues([
        ['Game', `${check.gameKey} VERIFIED`],
        ['Root', check.computedRoot],
        ['Leaves', check.leaves],
        ['Receipt', check.receiptIncluded === null ? null : check.receiptIncluded ? 'INCLUDED' : 'NOT FOUND'],
      ]),
    };
  },
};
