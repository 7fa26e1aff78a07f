// Which numbers can win (DESIGN.md §6), the one home of the rule in TypeScript: the resolution, an entry's
// outcome, Peak's earners and the CLI's streaming audit call it. The stores' SQL tallies apply it set-based and
// are tested against resolveNumbers; the browser's verifier keeps its own copy on purpose (it trusts no server code).

/**
 * A number is unique, and so can win or place, only when exactly one entry of the game holds it and it is not
 * mined. `entries` counts every entry on the number; a mine knocks out even a lone entry.
 */
export const isUnique = (entries: number, mined: boolean): boolean => entries === 1 && !mined;
