// Contract: UserRepository and SessionRepository on every adapter.
import { expect, it } from 'vitest';
import { DomainError } from '../../core/errors.ts';
import { contract } from './harness.ts';
import { at, newUser } from './fixtures.ts';

const domainError = (code: string) => expect.objectContaining({ name: 'DomainError', code });

contract('users', ({ store }) => {
  it('creates a user with zeroed stats and finds it every way', async () => {
    const created = await store().write((r) => r.users.create(newUser('u1', { googleSub: 'g-1', isBot: false })));
    expect(created).toEqual(newUser('u1', { googleSub: 'g-1' }));
    await store().read(async (r) => {
      expect(await r.users.byId('u1')).toEqual(created);
      expect(await r.users.byEmail('U1@EXAMPLE.test')).toEqual(created);
      expect(await r.users.byGoogleSub('g-1')).toEqual(created);
      expect(await r.users.byReferralCode(created.referralCode)).toEqual(created);
      expect(await r.playerStats.byUser('u1')).toEqual({
        userId: 'u1',
        wins: 0,
        entries: 0,
        currentStreak: 0,
        bestStreak: 0,
        lastPlayedDate: null,
        lastPlayedAt: null,
      });
      expect(await r.users.byId('nobody')).toBeNull();
      expect(await r.users.byEmail('nobody@example.test')).toBeNull();
      expect(await r.users.byGoogleSub('g-2')).toBeNull();
      expect(await r.users.byReferralCode('NOPE')).toBeNull();
    });
  });

  it('refuses a taken e-mail case-insensitively with EMAIL_TAKEN and a taken id with CONFLICT', async () => {
    await store().write((r) => r.users.create(newUser('u1', { email: 'Pat@Example.test' })));
    const sameEmail = store().write((r) => r.users.create(newUser('u2', { email: 'pat@example.TEST' })));
    await expect(sameEmail).rejects.toBeInstanceOf(DomainError);
    await expect(sameEmail).rejects.toEqual(domainError('EMAIL_TAKEN'));
    await expect(
      store().write((r) =>
        r.users.create(newUser('u1', { email: 'other@example.test', referralCode: 'OTHERCODE123' })),
      ),
    ).rejects.toEqual(domainError('CONFLICT'));
    expect(await store().read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
  });

  it('updates fields, refusing another user’s e-mail and unknown users', async () => {
    await store().write(async (r) => {
      await r.users.create(newUser('u1'));
      await r.users.create(newUser('u2'));
    });
    const updated = await store().write((r) =>
      r.users.update('u1', { displayName: 'Pat', role: 'admin', email: 'pat@x.test', googleSub: 'g-9' }),
    );
    expect(updated).toMatchObject({
      id: 'u1',
      displayName: 'Pat',
      role: 'admin',
      email: 'pat@x.test',
      googleSub: 'g-9',
    });
    expect(await store().read((r) => r.users.byId('u1'))).toEqual(updated);
    // Changing only the case of one's own e-mail is allowed.
    await store().write((r) => r.users.update('u1', { email: 'PAT@x.test' }));
    await expect(store().write((r) => r.users.update('u2', { email: 'Pat@X.test' }))).rejects.toEqual(
      domainError('EMAIL_TAKEN'),
    );
    await expect(store().write((r) => r.users.update('ghost', { displayName: 'x' }))).rejects.toEqual(
      domainError('NOT_FOUND'),
    );
    expect((await store().read((r) => r.users.byId('u2')))?.email).toBe('u2@example.test');
  });

  it('finds by verified e-mail case-insensitively, apart from the contact e-mail', async () => {
    const created = await store().write((r) =>
      r.users.create(newUser('u1', { email: 'contact@example.test', verifiedEmail: 'Signed@Example.test' })),
    );
    expect(created.verifiedEmail).toBe('Signed@Example.test');
    await store().read(async (r) => {
      expect(await r.users.byVerifiedEmail('signed@example.TEST')).toEqual(created);
      expect(await r.users.byVerifiedEmail('contact@example.test')).toBeNull();
      expect(await r.users.byEmail('signed@example.test')).toBeNull();
    });
    const moved = await store().write((r) => r.users.update('u1', { verifiedEmail: 'new@example.test' }));
    expect(moved.verifiedEmail).toBe('new@example.test');
    expect(await store().read((r) => r.users.byVerifiedEmail('NEW@example.test'))).toEqual(moved);
    expect(await store().read((r) => r.users.byVerifiedEmail('signed@example.test'))).toBeNull();
  });

  it('refuses an address another user signed in with, as contact or verified e-mail (no squatting)', async () => {
    await store().write(async (r) => {
      await r.users.create(newUser('boss', { email: 'boss@example.test', verifiedEmail: 'boss@example.test' }));
      await r.users.create(newUser('u1', { verifiedEmail: 'u1@example.test' }));
    });
    // Another's verified e-mail as contact e-mail, by update or at creation.
    await expect(store().write((r) => r.users.update('u1', { email: 'BOSS@example.test' }))).rejects.toEqual(
      domainError('EMAIL_TAKEN'),
    );
    await expect(
      store().write((r) => r.users.create(newUser('u2', { email: 'u1@EXAMPLE.test', verifiedEmail: null }))),
    ).rejects.toEqual(domainError('EMAIL_TAKEN'));
    // Another's verified e-mail as verified e-mail.
    await expect(store().write((r) => r.users.update('u1', { verifiedEmail: 'Boss@example.test' }))).rejects.toEqual(
      domainError('EMAIL_TAKEN'),
    );
    await expect(
      store().write((r) => r.users.create(newUser('u3', { verifiedEmail: 'boss@example.TEST' }))),
    ).rejects.toEqual(domainError('EMAIL_TAKEN'));
    expect(await store().read((r) => r.users.byId('u1'))).toMatchObject({
      email: 'u1@example.test',
      verifiedEmail: 'u1@example.test',
    });
    expect(await store().read((r) => r.users.count())).toEqual({ users: 2, bots: 0 });
  });

  it('deletes the user row and its stats; counts and lists bots by id', async () => {
    await store().write(async (r) => {
      await r.users.create(newUser('u1'));
      await r.users.create(newUser('bot:0002', { isBot: true, displayName: 'Bot Player' }));
      await r.users.create(newUser('bot:0001', { isBot: true, displayName: 'Bot Player' }));
    });
    expect(await store().read((r) => r.users.count())).toEqual({ users: 3, bots: 2 });
    expect((await store().read((r) => r.users.listBots())).map((u) => u.id)).toEqual(['bot:0001', 'bot:0002']);
    await store().write((r) => r.users.delete('u1'));
    await store().read(async (r) => {
      expect(await r.users.byId('u1')).toBeNull();
      expect(await r.playerStats.byUser('u1')).toBeNull();
      expect(await r.users.count()).toEqual({ users: 2, bots: 2 });
    });
  });
});

contract('sessions', ({ store }) => {
  it('creates, finds (with the account), extends and deletes sessions', async () => {
    await store().write(async (r) => {
      await r.users.create(newUser('u1'));
      await r.users.create(newUser('u2'));
      await r.sessions.create({ tokenHash: 'h1', userId: 'u1', createdAt: at(0), expiresAt: at(10) });
      await r.sessions.create({ tokenHash: 'h2', userId: 'u1', createdAt: at(0), expiresAt: at(20) });
      await r.sessions.create({ tokenHash: 'h3', userId: 'u2', createdAt: at(0), expiresAt: at(30) });
    });
    expect((await store().read((r) => r.sessions.withUser('h1')))?.session ?? null).toEqual({
      tokenHash: 'h1',
      userId: 'u1',
      createdAt: at(0),
      expiresAt: at(10),
    });
    expect((await store().read((r) => r.sessions.withUser('nope')))?.session ?? null).toBeNull();
    // The account comes with its session, as users.byId has it.
    const u1 = await store().read((r) => r.users.byId('u1'));
    expect((await store().read((r) => r.sessions.withUser('h1')))?.user).toEqual(u1);
    expect((await store().read((r) => r.sessions.withUser('h3')))?.user.id).toBe('u2');
    await store().write((r) => r.sessions.extend('h1', at(50)));
    expect((await store().read((r) => r.sessions.withUser('h1')))?.session.expiresAt).toBe(at(50));

    // Expired means expiresAt ≤ now.
    expect(await store().write((r) => r.sessions.deleteExpired(at(20)))).toBe(1);
    expect((await store().read((r) => r.sessions.withUser('h2')))?.session ?? null).toBeNull();
    await store().write((r) => r.sessions.delete('h3'));
    expect((await store().read((r) => r.sessions.withUser('h3')))?.session ?? null).toBeNull();
    await store().write((r) => r.sessions.deleteForUser('u1'));
    expect((await store().read((r) => r.sessions.withUser('h1')))?.session ?? null).toBeNull();
  });
});
