// Which numbers can win (DESIGN.md §6): the one home of the rule. Every TypeScript use calls `isUnique` (the
// resolution, the histogram, an entry's outcome, Peak's earners, the CLI's audit, the memory store). Its literal form
// lives in four places: here; the two SQL fast paths, `SqlNumberTallies.countNumbers`
// (adapters/sql/number-tallies.ts) and `SqlEntryRepository.uniqueNumbersBelow` (adapters/sql/entry-repository.ts),
// held equal to `resolveNumbers` by test/contract/ (resolve, close-rules, outcomes); and the browser's
// verifier, `winnerAndRunnerUp` (web/features/verify/fairness-check.ts), which trusts no server code (ADR 0033).
// How Many's live count (`entries.counts`) applies it with no mine: mines are secret until the close.

/**
 * A number is unique, and so can win or place, only when exactly one entry of the game holds it and it is not
 * mined. `entries` counts every entry on the number; a mine knocks out even a lone entry.
 */
export const isUnique = (entries: number, mined: boolean): boolean => entries === 1 && !mined;
