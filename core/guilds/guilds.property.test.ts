// Guild invariants under random operation sequences, checked against a small model: at most 10
// members, one guild per player, the admin is always a member, only the admin removes or deletes,
// and the admin cannot leave while others remain.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { codeOf, createUsers, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import { createGuild, deleteGuild, joinGuild, leaveGuild, removeMember } from './guild-membership.ts';
import { guildDetail, listGuilds, myGuild } from './guild-views.ts';

const USERS = Array.from({ length: 14 }, (_, i) => `u${String(i).padStart(2, '0')}`);
const NAMES = ['Guild A', 'Guild B', 'Guild C'];

interface ModelGuild {
  admin: string;
  members: Set<string>;
}
type Model = Map<string, ModelGuild>; // by name
interface Real {
  deps: TestDeps;
}

const guildOf = (m: Model, user: string): string | undefined =>
  [...m.entries()].find(([, g]) => g.members.has(user))?.[0];

const idOfName = async (r: Real, name: string): Promise<string> =>
  (await listGuilds(r.deps)).guilds.find((g) => g.name === name)?.id ?? `missing-${name}`;

const checkInvariants = async (m: Model, r: Real): Promise<void> => {
  const { guilds } = await listGuilds(r.deps);
  expect(guilds.map((g) => g.name).sort()).toEqual([...m.keys()].sort());
  const seen = new Set<string>();
  for (const g of guilds) {
    const model = m.get(g.name);
    const { members } = await guildDetail(r.deps, g.id);
    expect(members.length).toBeLessThanOrEqual(10);
    expect(g.memberCount).toBe(members.length);
    expect(members.filter((x) => x.isAdmin).map((x) => x.userId)).toEqual([g.adminUserId]);
    expect(g.adminUserId).toBe(model?.admin);
    expect(new Set(members.map((x) => x.userId))).toEqual(model?.members);
    for (const x of members) {
      expect(seen.has(x.userId)).toBe(false);
      seen.add(x.userId);
    }
  }
  for (const u of USERS) {
    const mine = await myGuild(r.deps, u);
    expect(mine.guild?.name).toBe(guildOf(m, u));
  }
};

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: string,
    readonly name: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const expected = guildOf(m, this.user) ? 'ALREADY_IN_GUILD' : m.has(this.name) ? 'NAME_TAKEN' : 'ok';
    expect(await codeOf(createGuild(r.deps, { userId: this.user, name: this.name, password: 'pass' }))).toBe(expected);
    if (expected === 'ok') m.set(this.name, { admin: this.user, members: new Set([this.user]) });
    await checkInvariants(m, r);
  }
  toString = () => `create(${this.user}, ${this.name})`;
}

class Join implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: string,
    readonly name: string,
    readonly password: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const g = m.get(this.name);
    const expected = !g
      ? 'NOT_FOUND'
      : guildOf(m, this.user)
        ? 'ALREADY_IN_GUILD'
        : g.members.size >= 10
          ? 'GUILD_FULL'
          : this.password !== 'pass'
            ? 'WRONG_PASSWORD'
            : 'ok';
    const id = await idOfName(r, this.name);
    expect(await codeOf(joinGuild(r.deps, { userId: this.user, guildId: id, password: this.password }))).toBe(expected);
    if (expected === 'ok') g?.members.add(this.user);
    await checkInvariants(m, r);
  }
  toString = () => `join(${this.user}, ${this.name}, ${this.password})`;
}

/** Every player, in order, tries to join: drives a guild to its limit so the cap is exercised. */
class Rush implements fc.AsyncCommand<Model, Real> {
  constructor(readonly name: string) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    for (const user of USERS) await new Join(user, this.name, 'pass').run(m, r);
  }
  toString = () => `rush(${this.name})`;
}

class Leave implements fc.AsyncCommand<Model, Real> {
  constructor(readonly user: string) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const name = guildOf(m, this.user);
    const g = name === undefined ? undefined : m.get(name);
    const expected = !g ? 'NOT_FOUND' : g.admin === this.user && g.members.size > 1 ? 'CONFLICT' : 'ok';
    expect(await codeOf(leaveGuild(r.deps, { userId: this.user }))).toBe(expected);
    if (expected === 'ok' && g && name !== undefined) {
      if (g.admin === this.user) m.delete(name);
      else g.members.delete(this.user);
    }
    await checkInvariants(m, r);
  }
  toString = () => `leave(${this.user})`;
}

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly actor: string,
    readonly name: string,
    readonly target: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const g = m.get(this.name);
    const expected = !g
      ? 'NOT_FOUND'
      : g.admin !== this.actor
        ? 'FORBIDDEN'
        : this.target === this.actor
          ? 'VALIDATION'
          : !g.members.has(this.target)
            ? 'NOT_FOUND'
            : 'ok';
    const id = await idOfName(r, this.name);
    expect(await codeOf(removeMember(r.deps, { userId: this.actor, guildId: id, memberUserId: this.target }))).toBe(
      expected,
    );
    if (expected === 'ok') g?.members.delete(this.target);
    await checkInvariants(m, r);
  }
  toString = () => `remove(${this.actor}, ${this.name}, ${this.target})`;
}

class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly actor: string,
    readonly name: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const g = m.get(this.name);
    const expected = !g ? 'NOT_FOUND' : g.admin !== this.actor ? 'FORBIDDEN' : 'ok';
    const id = await idOfName(r, this.name);
    expect(await codeOf(deleteGuild(r.deps, { userId: this.actor, guildId: id }))).toBe(expected);
    if (expected === 'ok') m.delete(this.name);
    await checkInvariants(m, r);
  }
  toString = () => `delete(${this.actor}, ${this.name})`;
}

describe('guild invariants under random operations', () => {
  it('match the model', async () => {
    const user = fc.constantFrom(...USERS);
    // Few admins-to-be so guilds fill up; the first users are the likely creators.
    const creator = fc.constantFrom(...USERS.slice(0, 4));
    const name = fc.constantFrom(...NAMES);
    const commands = [
      fc.tuple(creator, name).map(([u, n]) => new Create(u, n)),
      // Joins dominate, mostly into one guild, so sequences reach a full guild.
      ...[1, 2, 3, 4, 5].map(() =>
        fc
          .tuple(
            user,
            fc.constantFrom('Guild A', 'Guild A', 'Guild A', ...NAMES),
            fc.constantFrom('pass', 'pass', 'pass', 'nope'),
          )
          .map(([u, n, p]) => new Join(u, n, p)),
      ),
      name.map((n) => new Rush(n)),
      user.map((u) => new Leave(u)),
      fc.tuple(fc.oneof(creator, user), name, user).map(([a, n, t]) => new Remove(a, n, t)),
      fc.tuple(fc.oneof(creator, user), name).map(([a, n]) => new Delete(a, n)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), async (cmds) => {
        const deps = makeDeps();
        await createUsers(deps, USERS);
        await fc.asyncModelRun(() => ({ model: new Map(), real: { deps } }), cmds);
      }),
      { numRuns: 60 },
    );
    // Sixty random histories: 5 s alone, past the default 20 s with two other test files on the same two cores.
  }, 60_000);
});
