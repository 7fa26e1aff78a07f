import type { Command } from '../command.ts';
import { DomainError } from '../../core/errors.ts';
import { verifyStoredGame } from '../../core/fairness/fairness.ts';
import { keyValues } from '../format.ts';
import { readReceiptFile } from '../receipt-file.ts';
import { publicApi } from '../remote/public-api.ts';
import { auditRemote } from '../remote/remote-audit.ts';
import { UsageError, usageLine } from '../command.ts';

const DEFAULT_TIMEOUT_SECONDS = 30;

const notVerified = (gameKey: string, problem: string) =>
  new DomainError('CONFLICT', `NOT VERIFIED ${gameKey}: ${problem}`);

const receiptLine = (included: boolean | null): string | null =>
  included === null ? null : included ? 'INCLUDED' : 'NOT FOUND';

/** An http(s) URL, or a usage error naming the option. */
const remoteUrl = (value: string): URL => {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`--remote: '${value}' is not an http:// or https:// URL.`, usageLine(verifyCommand));
  }
  return url;
};

/** A whole number from 1 to `max`, or a usage error naming the option. */
const wholeOption = (name: string, value: string | boolean | undefined, max: number): number | null => {
  if (value === undefined) return null;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${String(max)}.`, usageLine(verifyCommand));
  return n;
};

export const verifyCommand: Command = {
  name: 'verify',
  args: ['DATE'],
  options: {
    receipt: {
      type: 'string',
      valueName: 'FILE',
      description: 'A receipt saved from the play screen (JSON): is it in the record unchanged?',
    },
    remote: {
      type: 'string',
      valueName: 'URL',
      description: 'Audit a running deployment (its public URL) through the public API instead of the database.',
    },
    'page-size': {
      type: 'string',
      valueName: 'N',
      description: "With --remote: items per request (default and most: the server's pageSize).",
    },
    timeout: {
      type: 'string',
      valueName: 'SECONDS',
      description: 'With --remote: give up on a request after this long.',
      default: String(DEFAULT_TIMEOUT_SECONDS),
    },
  },
  summary:
    "Recompute DATE's fairness root from the database (or, with --remote, from a deployment's public API) and compare it with the published root; exit 1 when they differ.",
  details:
    'DATE is the game key (YYYY-MM-DD, or YYYY-MM-DD-n for an extra game). Checks every leaf, the root, the winner and the runner-up ' +
    '(DESIGN.md §16, docs/fairness.md). With --receipt FILE, also that the receipt is INCLUDED. With --remote URL, reads only ' +
    "GET /api/fairness/DATE, its items pages, winner proof and (with --receipt) the receipt's inclusion proof, holding one or two pages " +
    'at a time; a game closed with tree version 1 is checked from its whole record.',
  run: async ({ args, options, open, progress }) => {
    const gameKey = args[0] ?? '';
    const remote = typeof options['remote'] === 'string' ? remoteUrl(options['remote']) : null;
    const pageSize = wholeOption('page-size', options['page-size'], Number.MAX_SAFE_INTEGER);
    const timeout = wholeOption('timeout', options['timeout'], 3600) ?? DEFAULT_TIMEOUT_SECONDS;
    if (remote === null && (pageSize !== null || options['timeout'] !== undefined)) {
      throw new UsageError('--page-size and --timeout go with --remote.', usageLine(verifyCommand));
    }
    const receipt = typeof options['receipt'] === 'string' ? readReceiptFile(options['receipt']) : null;
    if (remote !== null) {
      const audit = await auditRemote({ api: publicApi(remote, timeout), gameKey, pageSize, receipt, progress });
      if (audit.problem !== null) throw notVerified(gameKey, audit.problem);
      return {
        data: { ...audit, remote: remote.href, ok: true },
        text: keyValues([
          ['Game', `${gameKey} VERIFIED`],
          ['Remote', remote.href],
          ['Tree', `version ${String(audit.treeVersion)}`],
          ['Root', audit.root],
          [audit.treeVersion === 2 ? 'Items' : 'Leaves', audit.items],
          ['Receipt', receiptLine(audit.receiptIncluded)],
        ]),
      };
    }
    const { deps } = await open();
    const check = await verifyStoredGame(deps, gameKey, receipt);
    if (!check.ok) throw notVerified(check.gameKey, check.problem ?? 'unknown problem');
    return {
      data: check,
      text: keyValues([
        ['Game', `${check.gameKey} VERIFIED`],
        ['Root', check.computedRoot],
        ['Leaves', check.leaves],
        ['Receipt', receiptLine(check.receiptIncluded)],
      ]),
    };
  },
};
