// The evidence of a flagged payout in words an admin reads (DESIGN.md §18): which signal, how strong, how many accounts.
import type { IntegrityEvidenceDto } from '../../../server/routes/prizes.schemas.ts';

type Signal = IntegrityEvidenceDto['signals'][number];

const kindLabels: Record<Signal['kind'], string> = {
  device: 'Same device',
  network: 'Same network',
  referral: 'Referral link',
  picks: 'Picks that tile a range',
};

const accounts = (n: number): string => `${n} ${n === 1 ? 'account' : 'accounts'}`;

/** "Same device — strong — 4 accounts". */
export function signalLine(signal: Signal): string {
  return `${kindLabels[signal.kind]} — ${signal.strength} — ${accounts(signal.accounts)}`;
}

/** The facts above the signals, one line each. */
export function evidenceFacts(evidence: IntegrityEvidenceDto): { label: string; value: string }[] {
  return [
    { label: 'Cluster size', value: accounts(evidence.clusterSize) },
    { label: 'Accounts in this game', value: accounts(evidence.accountsInGame) },
    { label: 'Numbers they held', value: evidence.numbersHeld.length === 0 ? '—' : evidence.numbersHeld.join(', ') },
  ];
}

export const confirmNameLabel = "Type the winner's display name to approve";
