// Request bodies are JSON of a few levels at most; a deeply nested one is hostile (it costs every
// later walk over it), so it is refused with a 400 before anything else looks at it.

/** Objects and arrays nested deeper than this are refused (DESIGN.md §14). */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`;

/** Whether objects/arrays in `value` nest deeper than `max` (the top-level object is level 1). Iterative. */
export const nestedDeeperThan = (value: unknown, max: number): boolean => {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop() ?? { item: null, depth: 0 };
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item))
      pending.push({ item: inner, depth: depth + 1 });
  }
  return false;
};
