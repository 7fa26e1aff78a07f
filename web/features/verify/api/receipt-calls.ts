import type { QueryClient } from '@tanstack/react-query';
import type { ReceiptCalls } from '../receipt-outcome.ts';
import { fairnessKeysQueryOptions } from './get-fairness-keys.ts';
import { getInclusionProof } from './get-inclusion-proof.ts';
import { getNeighbours } from './get-neighbours.ts';

/** The calls a receipt's check of game `gameKey` makes: the keys fetched once for every receipt of the page. */
export const receiptCalls = (queryClient: QueryClient, gameKey: string): ReceiptCalls => ({
  fetchKeys: () => queryClient.fetchQuery(fairnessKeysQueryOptions()),
  fetchProof: (leaf) => getInclusionProof(gameKey, leaf),
  fetchNeighbours: (number, leaf) => getNeighbours(gameKey, number, leaf),
});
