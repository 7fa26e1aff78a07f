// Contract: GameRepository and EntryRepository (everything but resolve, see resolve.test.ts).
import { expect, it } from 'vitest';
import { contract } from './harness.ts';
import { at, emptyStats, entry, game, guild, newUser, seedUsers, winning } from './fixtures.ts';

const domainError = (code: string) => expect.objectContaining({ name: 'DomainError', code });

contract('games', ({ store }) => {
  it('creates games, refusing a taken key with CONFLICT, and finds them', async () => {
    const g = game('2026-11-20');
    expect(await store().write((r) => r.games.create(g))).toEqual(g);
    await expect(store().write((r) => r.games.create(g))).rejects.toEqual(domainError('CONFLICT'));
    await store().write((r) => r.games.create(game('2026-11-20', { key: '2026-11-20-2', number: 2 })));
    await store().read(async (r) => {
      expect(await r.games.byKey('2026-11-20')).toEqual(g);
      expect(await r.games.byKey('2026-11-21')).toBeNull();
      expect((await r.games.latestForDate('2026-11-20'))?.key).toBe('2026-11-20-2');
      expect(await r.games.latestForDate('2026-11-19')).toBeNull();
    });
    // Locked inside a write, the same game (a submission's read and lock in one statement).
    await store().write(async (r) => {
      expect((await r.games.latestForDate('2026-11-20', 'share'))?.key).toBe('2026-11-20-2');
      expect((await r.games.latestForDate('2026-11-20', 'update'))?.key).toBe('2026-11-20-2');
      expect(await r.games.latestForDate('2026-11-19', 'share')).toBeNull();
    });
  });

  it('lists due and open games soonest first, and history newest first', async () => {
    await store().write(async (r) => {
      await r.games.create(game('2026-11-21'));
      await r.games.create(game('2026-11-19'));
      await r.games.create(game('2026-11-20'));
      await r.games.create(game('2026-11-18', { status: 'closed', closedAt: at(0) }));
    });
    await store().read(async (r) => {
      expect((await r.games.listDue('2026-11-20T23:00:00.000Z')).map((g) => g.key)).toEqual([
        '2026-11-19',
        '2026-11-20',
      ]);
      expect((await r.games.listOpen()).map((g) => g.key)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
      expect((await r.games.history(3)).map((g) => g.key)).toEqual(['2026-11-21', '2026-11-20', '2026-11-19']);
      expect((await r.games.latestClosed())?.key).toBe('2026-11-18');
      expect(await r.games.latestChange()).toEqual({ latestGame: '2026-11-21', latestClose: at(0) });
    });
  });

  it('tells no latest change without games, and a close as the latest change once it is stored', async () => {
    expect(await store().read((r) => r.games.latestChange())).toEqual({ latestGame: null, latestClose: null });
    await store().write(async (r) => {
      await r.games.create(game('2026-11-19', { status: 'closed', closedAt: at(1) }));
      await r.games.create(game('2026-11-20'));
    });
    expect(await store().read((r) => r.games.latestChange())).toEqual({ latestGame: '2026-11-20', latestClose: at(1) });
    await store().write((r) => r.games.markClosed('2026-11-20', at(9), emptyStats('2026-11-20')));
    expect(await store().read((r) => r.games.latestChange())).toEqual({ latestGame: '2026-11-20', latestClose: at(9) });
  });

  it('marks an open game closed once, storing its stats', async () => {
    await store().write((r) => r.games.create(game('2026-11-20')));
    expect(await store().read((r) => r.games.stats('2026-11-20'))).toBeNull();
    const stats = { ...emptyStats('2026-11-20', 7), histogram: [{ number: 7, count: 1 }] };
    expect(await store().write((r) => r.games.markClosed('2026-11-20', at(5), stats))).toBe(true);
    expect(await store().write((r) => r.games.markClosed('2026-11-20', at(6), emptyStats('2026-11-20')))).toBe(false);
    expect(await store().write((r) => r.games.markClosed('2026-01-01', at(6), emptyStats('2026-01-01')))).toBe(false);
    await store().read(async (r) => {
      expect(await r.games.byKey('2026-11-20')).toMatchObject({ status: 'closed', closedAt: at(5) });
      expect(await r.games.stats('2026-11-20')).toEqual(stats);
      expect((await r.games.latestClosed())?.key).toBe('2026-11-20');
    });
  });

  it('lists results of closed games with a winner, with or without a prize, newest first', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2');
      for (const date of ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']) await r.games.create(game(date));
      await r.entries.add(entry('2026-11-18', 'u1', 3));
      await r.entries.add(entry('2026-11-19', 'u2', 4));
      await r.entries.add(entry('2026-11-20', 'u1', 5));
      await r.games.markClosed('2026-11-18', at(1), emptyStats('2026-11-18', 3));
      await r.games.markClosed('2026-11-19', at(2), emptyStats('2026-11-19', 4)); // prize disabled: no winning
      await r.games.markClosed('2026-11-20', at(3), emptyStats('2026-11-20', null)); // nobody unique
      await r.winnings.create(winning('w1', '2026-11-18', 'u1', { winningNumber: 3 }));
    });
    expect(await store().read((r) => r.leaderboards.latestWinners(10))).toEqual([
      {
        gameKey: '2026-11-19',
        gameDate: '2026-11-19',
        playerName: 'Player u2',
        amountCents: null,
        currency: null,
        winningNumber: 4,
      },
      {
        gameKey: '2026-11-18',
        gameDate: '2026-11-18',
        playerName: 'Player u1',
        amountCents: 5000,
        currency: 'USD',
        winningNumber: 3,
      },
    ]);
    expect(await store().read((r) => r.leaderboards.latestWinners(1))).toHaveLength(1);
  });
});

contract('entries', ({ store }) => {
  const key = '2026-11-20';
  const setUp = () =>
    store().write(async (r) => {
      await seedUsers(r, 'u1', 'u2', 'u3', newUser('bot:0001', { isBot: true, displayName: 'Bot Player' }));
      await r.games.create(game(key));
    });

  it('stores one standard and one bonus entry per player, refusing the rest with the documented codes', async () => {
    await setUp();
    const first = entry(key, 'u1', 5, 'standard', 1);
    expect(await store().write((r) => r.entries.add(first))).toEqual(first);
    await expect(store().write((r) => r.entries.add({ ...entry(key, 'u1', 5, 'bonus', 2), id: 'x1' }))).rejects.toEqual(
      domainError('DUPLICATE_NUMBER'),
    );
    await expect(store().write((r) => r.entries.add(entry(key, 'u1', 6, 'standard', 2)))).rejects.toEqual(
      domainError('ENTRY_LIMIT'),
    );
    await store().write((r) => r.entries.add(entry(key, 'u1', 7, 'bonus', 3)));
    await expect(store().write((r) => r.entries.add(entry(key, 'u1', 8, 'bonus', 4)))).rejects.toEqual(
      domainError('ENTRY_LIMIT'),
    );
    // Another player may pick the same number.
    await store().write((r) => r.entries.add(entry(key, 'u2', 5)));
    await store().read(async (r) => {
      expect((await r.entries.forPlayer(key, 'u1')).map((e) => [e.number, e.entryType])).toEqual([
        [5, 'standard'],
        [7, 'bonus'],
      ]);
      expect(await r.entries.forPlayer(key, 'u3')).toEqual([]);
      expect(await r.entries.countForPlayer('u1')).toBe(2);
      expect(await r.entries.countForPlayer('u3')).toBe(0);
    });
  });

  it('keeps going inside one write after a refused entry', async () => {
    await setUp();
    const kept = await store().write(async (r) => {
      await r.entries.add(entry(key, 'u1', 5));
      await expect(r.entries.add(entry(key, 'u1', 6))).rejects.toEqual(domainError('ENTRY_LIMIT'));
      await r.entries.add(entry(key, 'u2', 6));
      return r.entries.counts(key);
    });
    expect(kept).toEqual({ totalNumbers: 2, uniqueNumbers: 2 });
  });

  it('answers peeks, counts, unique non-winning players and player ids', async () => {
    await setUp();
    await store().write(async (r) => {
      await r.entries.add(entry(key, 'u1', 1));
      await r.entries.add(entry(key, 'u2', 1));
      await r.entries.add(entry(key, 'u1', 12, 'bonus'));
      await r.entries.add(entry(key, 'u3', 3));
      await r.entries.add(entry(key, 'bot:0001', 20));
    });
    await store().read(async (r) => {
      expect(await r.entries.isPickedByOthers(key, 1, 'u1')).toBe(true);
      expect(await r.entries.isPickedByOthers(key, 12, 'u1')).toBe(false);
      expect(await r.entries.isPickedByOthers(key, 12, 'u2')).toBe(true);
      expect(await r.entries.isPickedByOthers(key, 99, 'u2')).toBe(false);
      expect(await r.entries.counts(key)).toEqual({ totalNumbers: 5, uniqueNumbers: 3 });
      expect(await r.entries.counts('2026-01-01')).toEqual({ totalNumbers: 0, uniqueNumbers: 0 });
      expect(await r.entries.playerIds(key)).toEqual(['bot:0001', 'u1', 'u2', 'u3']);
    });
    // Who earns Peak reads the close's count; a recount with a mine replaces the earlier one.
    await store().write((r) => r.tallies.countNumbers(key, []));
    await store().read(async (r) => {
      expect(await r.tallies.uniqueHolders(key, 3)).toEqual(['bot:0001', 'u1']);
      expect(await r.tallies.uniqueHolders(key, null)).toEqual(['bot:0001', 'u1', 'u3']);
    });
    await store().write((r) => r.tallies.countNumbers(key, [12]));
    expect(await store().read((r) => r.tallies.uniqueHolders(key, 3))).toEqual(['bot:0001']);
  });

  it('pages submissions newest first with user and guild, and lists a guild’s picks', async () => {
    await setUp();
    await store().write(async (r) => {
      await r.guilds.create(guild('g1', 'u1', { name: 'Low Riders' }));
      await r.guilds.addMember({ guildId: 'g1', userId: 'u2', joinedAt: at(0) }, 10);
      await r.entries.add(entry(key, 'u1', 4, 'standard', 1));
      await r.entries.add(entry(key, 'u2', 5, 'standard', 2));
      await r.entries.add(entry(key, 'u3', 6, 'standard', 3));
      await r.entries.add(entry(key, 'u1', 7, 'bonus', 4));
    });
    const page = await store().read((r) => r.admin.submissions(key, 1, 2));
    expect(page.totalCount).toBe(4);
    expect(page.rows).toEqual([
      {
        id: entry(key, 'u3', 6).id,
        number: 6,
        userId: 'u3',
        userDisplayName: 'Player u3',
        userEmail: 'u3@example.test',
        entryType: 'standard',
        guildName: null,
        submittedAt: at(3),
      },
      {
        id: entry(key, 'u2', 5).id,
        number: 5,
        userId: 'u2',
        userDisplayName: 'Player u2',
        userEmail: 'u2@example.test',
        entryType: 'standard',
        guildName: 'Low Riders',
        submittedAt: at(2),
      },
    ]);
    expect((await store().read((r) => r.admin.submissions(key, 4, 20))).rows).toEqual([]);
    expect(await store().read((r) => r.entries.forGuild(key, 'g1'))).toEqual([
      { userId: 'u1', playerName: 'Player u1', number: 4, submittedAt: at(1) },
      { userId: 'u2', playerName: 'Player u2', number: 5, submittedAt: at(2) },
      { userId: 'u1', playerName: 'Player u1', number: 7, submittedAt: at(4) },
    ]);
  });

  it('deletes bot entries and detaches a deleted player’s entries, in open and closed games alike', async () => {
    await setUp();
    await store().write(async (r) => {
      await r.games.create(game('2026-11-19', { status: 'closed', closedAt: at(0) }));
      await r.entries.add(entry('2026-11-19', 'u1', 9));
      await r.entries.add(entry(key, 'u1', 4));
      await r.entries.add(entry(key, 'bot:0001', 4));
      await r.entries.add(entry(key, 'u2', 8));
    });
    expect(await store().write((r) => r.entries.deleteBotEntries(key))).toBe(1);
    await store().write((r) => r.entries.detachFromUser('u1'));
    await store().read(async (r) => {
      expect(await r.entries.playerIds(key)).toEqual(['u2']);
      // The open game still counts the detached pick: another 4 is not unique, and nobody else holds 4.
      expect(await r.entries.counts(key)).toEqual({ totalNumbers: 2, uniqueNumbers: 2 });
      expect(await r.entries.isPickedByOthers(key, 4, 'u2')).toBe(true);
      expect(await r.entries.counts('2026-11-19')).toEqual({ totalNumbers: 1, uniqueNumbers: 1 });
      expect(await r.entries.playerIds('2026-11-19')).toEqual([]);
      expect(await r.entries.countForPlayer('u1')).toBe(0);
    });
    // The detached entries keep the admin view of both games intact, without a person.
    const rows = (await store().read((r) => r.admin.submissions('2026-11-19', 0, 10))).rows;
    expect(rows).toEqual([
      expect.objectContaining({ number: 9, userId: null, userDisplayName: null, userEmail: null }),
    ]);
    const open = (await store().read((r) => r.admin.submissions(key, 0, 10))).rows;
    expect(open.find((row) => row.number === 4)).toMatchObject({
      userId: null,
      userDisplayName: null,
      userEmail: null,
    });
  });
});
