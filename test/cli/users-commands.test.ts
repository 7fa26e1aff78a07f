// `lowest users promote|demote EMAIL` match the e-mail a user signed in with, never the contact
// e-mail a player typed into their profile (issue 11 finding 9: admin by e-mail squatting).
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../core/accounts/sign-in.ts';
import { updateProfile } from '../../core/accounts/profile.ts';
import { openRuntime } from '../../cli/runtime.ts';
import { runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

/** Runs `work` over the same database the CLI uses, then closes it. */
const withDeps = async <T>(work: (deps: Awaited<ReturnType<typeof openRuntime>>['deps']) => Promise<T>): Promise<T> => {
  const runtime = await openRuntime(env);
  try {
    return await work(runtime.deps);
  } finally {
    await runtime.close();
  }
};

const roleOf = (email: string) =>
  withDeps(async (deps) => (await deps.store.read((r) => r.users.byVerifiedEmail(email)))?.role);

describe('lowest users promote', { timeout: 90_000 }, () => {
  it('does not promote a player who set the address as their profile e-mail', async () => {
    await withDeps(async (deps) => {
      const { user } = await signIn(deps, {
        googleSub: 'sub-mallory',
        email: 'mallory@example.com',
        displayName: 'Mallory',
        adminEmails: [],
      });
      await updateProfile(deps, user.id, { email: 'boss@lowest.example', displayName: 'Mallory' });
    });
    const run = await runLowest(['users', 'promote', 'boss@lowest.example'], env);
    expect([run.code, run.stderr]).toEqual([1, 'Error: No user with e-mail boss@lowest.example\n']);
    expect(await roleOf('mallory@example.com')).toBe('player');
  });

  it('promotes the person who signed in with the address, once they have', async () => {
    await withDeps((deps) =>
      signIn(deps, { googleSub: 'sub-boss', email: 'boss@lowest.example', displayName: 'Boss', adminEmails: [] }),
    );
    const run = await runInProcess(['users', 'promote', 'BOSS@lowest.example'], env);
    expect([run.code, run.stdout]).toEqual([0, 'boss@lowest.example (Boss) is now an admin.\n']);
    expect(await roleOf('boss@lowest.example')).toBe('admin');
    expect(await roleOf('mallory@example.com')).toBe('player');
    // Mallory gave the address back to its owner when the boss signed in.
    const mallory = await withDeps((deps) => deps.store.read((r) => r.users.byVerifiedEmail('mallory@example.com')));
    expect(mallory?.email).toBe('mallory@example.com');
  });
});
