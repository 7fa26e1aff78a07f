// A cluster is the connected group of accounts an account reaches through links (core/integrity/links.ts), with the
// links' signals as its evidence. The close and the admin screens expand one from an account, a ring of neighbours
// at a time; `clustersOf` is the same rule over a whole world at once, for the tests and the CLI.
import type { LinkKind, SignalEvidence, Strength } from './model.ts';
import { linkOf, type LinkSignal, type PairEvidence } from './links.ts';

export interface Link {
  a: string;
  b: string;
  signals: LinkSignal[];
}

export interface Cluster {
  /** Sorted. */
  memberIds: string[];
  links: Link[];
}

/** Where a cluster stops growing: bigger than any syndicate worth a review, small enough to stay cheap at the close. */
export const MAX_CLUSTER = 500;

/** The links from each account of `ring` to accounts outside `known`. */
export type Neighbours = (ring: readonly string[], known: ReadonlySet<string>) => Promise<Link[]>;

/** Breadth-first from `seed` until no ring adds an account (or MAX_CLUSTER is reached). */
export const expandCluster = async (seed: string, neighbours: Neighbours, max = MAX_CLUSTER): Promise<Cluster> => {
  const members = new Set([seed]);
  const links: Link[] = [];
  let ring = [seed];
  while (ring.length > 0 && members.size < max) {
    const found = await neighbours(ring, members);
    const next: string[] = [];
    for (const link of found) {
      links.push(link);
      for (const id of [link.a, link.b]) {
        if (members.has(id) || members.size >= max) continue;
        members.add(id);
        next.push(id);
      }
    }
    ring = next;
  }
  return { memberIds: [...members].sort(), links };
};

const RANK: Record<Strength, number> = { strong: 3, medium: 2, weak: 1 };
const ORDER: LinkKind[] = ['device', 'picks', 'referral', 'network'];

/** Per kind of signal: its strongest link in the cluster and how many accounts its links touch. */
export const clusterSignals = (cluster: Cluster): SignalEvidence[] => {
  const byKind = new Map<LinkKind, { strength: Strength; accounts: Set<string> }>();
  for (const link of cluster.links) {
    for (const signal of link.signals) {
      const entry = byKind.get(signal.kind) ?? { strength: signal.strength, accounts: new Set<string>() };
      if (RANK[signal.strength] > RANK[entry.strength]) entry.strength = signal.strength;
      entry.accounts.add(link.a).add(link.b);
      byKind.set(signal.kind, entry);
    }
  }
  return ORDER.filter((kind) => byKind.has(kind)).map((kind) => {
    const entry = byKind.get(kind) as { strength: Strength; accounts: Set<string> };
    return { kind, strength: entry.strength, accounts: entry.accounts.size };
  });
};

/**
 * Every cluster of two or more accounts in a world where `evidence` says what each pair shares (symmetric by
 * construction: each unordered pair is asked once, smaller id first).
 */
export const clustersOf = (ids: readonly string[], evidence: (a: string, b: string) => PairEvidence): Cluster[] => {
  const sorted = [...new Set(ids)].sort();
  const parent = new Map(sorted.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(id, root);
    return root;
  };
  const links: Link[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = i + 1; j < sorted.length; j += 1) {
      const a = sorted[i] as string;
      const b = sorted[j] as string;
      const signals = linkOf(evidence(a, b));
      if (!signals) continue;
      links.push({ a, b, signals });
      parent.set(find(a), find(b));
    }
  }
  const groups = new Map<string, Cluster>();
  for (const id of sorted) {
    const root = find(id);
    const cluster = groups.get(root) ?? { memberIds: [], links: [] };
    cluster.memberIds.push(id);
    groups.set(root, cluster);
  }
  for (const link of links) groups.get(find(link.a))?.links.push(link);
  return [...groups.values()].filter((c) => c.memberIds.length >= 2);
};
