import type { Command } from '../command.ts';
import { DomainError } from '../../core/errors.ts';
import { storedReceiptSignature, verifyStoredGame } from '../../core/fairness/fairness.ts';
import { omissionEvidenceFileName, omittedText, signatureVerdictText } from '../../core/fairness/receipt-signature.ts';
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

/** The receipt's lines: its signature only when a receipt was given. */
const receiptFacts = (signature: string | null, receipt: string | null): [string, string | null][] =>
  receipt === null
    ? [['Receipt', null]]
    : [
        ['Signature', signature],
        ['Receipt', receipt],
      ];

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
      description:
        'A receipt saved from the play screen (JSON): is it in the record unchanged, and (with --remote) signed by the game?',
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
    "at a time; a game closed with tree version 1 is checked from its whole record. With --receipt, the receipt's " +
    "signature is checked against the published keys (the database's, or GET /api/fairness/keys with --remote): SIGNED, " +
    'UNSIGNED (an older receipt) or BAD SIGNATURE (exit 1); a signed receipt the closed game does not hold, proven absent ' +
    'by its neighbours in tree order, is ' +
    'OMITTED: the evidence (JSON) is printed and the exit code is 1.',
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
      const facts = (game: string, receiptFact: string | null): [string, string | number | null][] => [
        ['Game', game],
        ['Remote', remote.href],
        ['Tree', `version ${String(audit.treeVersion)}`],
        ['Root', audit.root],
        [audit.treeVersion === 2 ? 'Items' : 'Leaves', audit.items],
        ...receiptFacts(audit.signature && signatureVerdictText(audit.signature), receiptFact),
      ];
      if (audit.omission !== null) {
        // The game's own record holds up; the receipt proves the game left this pick out of it.
        const file = omissionEvidenceFileName(audit.omission.receipt);
        return {
          data: { ...audit, remote: remote.href, ok: false },
          text: [
            keyValues(facts(gameKey, audit.problem)),
            `Evidence (${file}):`,
            JSON.stringify(audit.omission, null, 2),
          ].join('\n'),
          failed: true,
        };
      }
      if (audit.problem !== null) throw notVerified(gameKey, audit.problem);
      return {
        data: { ...audit, remote: remote.href, ok: true },
        text: keyValues(facts(`${gameKey} VERIFIED`, receiptLine(audit.receiptIncluded))),
      };
    }
    const { deps } = await open();
    const check = await verifyStoredGame(deps, gameKey, receipt);
    const signed = receipt ? await storedReceiptSignature(deps, gameKey, receipt) : null;
    const signature = signed && signatureVerdictText(signed.verdict);
    const facts = (game: string, receiptFact: string | null): [string, string | number | null][] => [
      ['Game', game],
      ['Root', check.computedRoot],
      ['Leaves', check.leaves],
      ...receiptFacts(signature, receiptFact),
    ];
    if (signed?.omission) {
      // The game's own record holds up; the receipt proves the game left this pick out of it.
      return {
        data: { ...check, signature: signed.verdict, omission: signed.omission, ok: false },
        text: [
          keyValues(facts(gameKey, omittedText(signed.omission.receipt.signedAt ?? ''))),
          `Evidence (${omissionEvidenceFileName(signed.omission.receipt)}):`,
          JSON.stringify(signed.omission, null, 2),
        ].join('\n'),
        failed: true,
      };
    }
    const problem =
      signed?.verdict.status === 'bad'
        ? [check.problem, `Receipt: ${signature ?? ''}.`].filter((p) => p !== null).join(' ')
        : check.problem;
    if (!check.ok || problem !== null) throw notVerified(check.gameKey, problem ?? 'unknown problem');
    return {
      data: { ...check, signature: signed?.verdict ?? null },
      text: keyValues(facts(`${check.gameKey} VERIFIED`, receiptLine(check.receiptIncluded))),
    };
  },
};
