import { describe, expect, it } from 'vitest';
import { evidenceFacts, signalLine } from './integrity-evidence.ts';

describe('the integrity evidence in words', () => {
  it('names each signal, its strength and how many accounts share it', () => {
    expect(signalLine({ kind: 'device', strength: 'strong', accounts: 4 })).toBe('Same device — strong — 4 accounts');
    expect(signalLine({ kind: 'network', strength: 'weak', accounts: 1 })).toBe('Same network — weak — 1 account');
    expect(signalLine({ kind: 'referral', strength: 'medium', accounts: 2 })).toBe(
      'Referral link — medium — 2 accounts',
    );
    expect(signalLine({ kind: 'picks', strength: 'medium', accounts: 5 })).toBe(
      'Picks that tile a range — medium — 5 accounts',
    );
  });

  it('lists the cluster size, the accounts in the game and the numbers they held', () => {
    const facts = evidenceFacts({
      flagged: true,
      clusterSize: 6,
      accountsInGame: 4,
      numbersHeld: [1, 2, 3, 5],
      signals: [],
    });
    expect(facts).toEqual([
      { label: 'Cluster size', value: '6 accounts' },
      { label: 'Accounts in this game', value: '4 accounts' },
      { label: 'Numbers they held', value: '1, 2, 3, 5' },
    ]);
  });
});
