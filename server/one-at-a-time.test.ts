import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

/** A task that records when it starts and finishes, and settles only when released. */
const gated = (log: string[], name: string, fail = false) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    log.push(`start ${name}`);
    await gate;
    log.push(`end ${name}`);
    if (fail) throw new Error(name);
    return name;
  };
  return { task, release };
};

describe('oneAtATime', () => {
  it('starts each task only after the one before it settled, in arrival order, a failure included', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    const a = gated(log, 'a');
    const b = gated(log, 'b', true);
    const c = gated(log, 'c');
    const results = [serial(a.task), serial(b.task), serial(c.task)];
    // Released in reverse: none but the first may have started.
    c.release();
    b.release();
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.release();
    expect(await results[0]).toBe('a');
    await expect(results[1]).rejects.toThrow('b');
    expect(await results[2]).toBe('c');
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
