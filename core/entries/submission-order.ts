// The order a player's entries are shown and listed in: submission time, then id (plain code-unit order, as SQL's
// binary collation orders ISO times and ids).
import type { Entry } from '../model.ts';

export const bySubmission = (a: Pick<Entry, 'submittedAt' | 'id'>, b: Pick<Entry, 'submittedAt' | 'id'>): number =>
  a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
