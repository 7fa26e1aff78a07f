// Contract, as a property: random interleavings of read and write units on one store. Each write unit writes two rows
// with a pause between them (some then fail); each read unit reads every row twice with a pause between. SQLite runs
// each unit whole within one turn (a unit that waits fails), so there the units interleave only where they start. Whatever the
// interleaving: a read sees every write answered before it started (read-your-writes), sees a write's two rows both
// or neither (no half-seen write), never sees a failed write, and sees the same both times (one snapshot).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Repositories } from '../../core/ports.ts';
import { contract, WAITING_UNITS } from './harness.ts';
import { newUser } from './fixtures.ts';

/** Lets `n` turns of the event loop pass (other units start, statements are answered, commits happen). */
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i += 1) await new Promise(setImmediate);
};

type Step =
  | { kind: 'write'; startAfter: number; pause: number; fails: boolean }
  | { kind: 'read'; startAfter: number; pause: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    startAfter: fc.nat(6),
    pause: fc.nat(2),
    fails: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  }),
  fc.record({ kind: fc.constant('read' as const), startAfter: fc.nat(6), pause: fc.nat(2) }),
);

contract('units of work under random interleavings', ({ adapter, store }) => {
  let run = 0;

  it('show every read the writes answered before it started, each write whole or not at all, in one snapshot', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 16 }), async (steps) => {
        run += 1;
        const pauseOf = (s: Step): number => (WAITING_UNITS.includes(adapter) ? s.pause : 0);
        const rowsOf = (unit: number): [string, string] => [`r${run}x${unit}a`, `r${run}x${unit}b`];
        const allRows = steps.flatMap((_, unit) => rowsOf(unit));
        const answered = new Set<number>();
        const present = async (repos: Repositories): Promise<Set<string>> => {
          const users = await Promise.all(allRows.map((id) => repos.users.byId(id)));
          return new Set(users.flatMap((u) => (u ? [u.id] : [])));
        };

        await Promise.all(
          steps.map(async (s, unit) => {
            await turns(s.startAfter);
            if (s.kind === 'write') {
              const [a, b] = rowsOf(unit);
              const written = store().write(async (repos) => {
                await repos.users.create(newUser(a));
                await turns(pauseOf(s));
                await repos.users.create(newUser(b));
                if (s.fails) throw new Error('the unit changed its mind');
              });
              if (s.fails) await expect(written).rejects.toThrow('changed its mind');
              else {
                await written;
                answered.add(unit);
              }
              return;
            }
            const mustSee = [...answered];
            const [first, second] = await store().read(async (repos) => {
              const before = await present(repos);
              await turns(pauseOf(s));
              return [before, await present(repos)];
            });
            expect([...second].sort()).toEqual([...first].sort());
            for (const unit of mustSee)
              for (const row of rowsOf(unit)) expect(first.has(row), `${row}, answered before the read`).toBe(true);
            steps.forEach((other, unit) => {
              const [a, b] = rowsOf(unit);
              expect(first.has(a), `write ${unit} half seen`).toBe(first.has(b));
              if (other.kind === 'write' && other.fails) expect(first.has(a), `failed write ${unit} seen`).toBe(false);
            });
          }),
        );
        // Every write that was answered is stored, and nothing else.
        const stored = await store().read(present);
        const expected = [...answered].flatMap(rowsOf).sort();
        expect([...stored].sort()).toEqual(expected);
      }),
      { numRuns: adapter === 'memory' ? 100 : adapter === 'sqlite' ? 40 : 20 },
    );
  });
});
