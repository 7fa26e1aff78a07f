import { DomainError } from '../../core/errors.ts';
import type { Entry, GameKey, Instant } from '../../core/model.ts';
import type { EntryRepository, NewEntry } from '../../core/entries/ports.ts';
import { isUnique } from '../../core/game/winning-rule.ts';
import type { MemoryState } from './state.ts';

const byTime = (a: Entry, b: Entry): number =>
  a.submittedAt !== b.submittedAt ? (a.submittedAt < b.submittedAt ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class MemoryEntryRepository implements EntryRepository {
  constructor(private readonly state: () => MemoryState) {}

  async add(entry: NewEntry): Promise<Entry> {
    const mine = this.#ofGame(entry.gameKey).filter((e) => e.userId === entry.userId);
    // The same checks the SQL schema makes with unique indexes.
    if (mine.some((e) => e.number === entry.number)) {
      throw new DomainError('DUPLICATE_NUMBER', `You already picked ${entry.number} in this game.`);
    }
    if (mine.some((e) => e.entryType === entry.entryType)) {
      throw new DomainError('ENTRY_LIMIT', 'No more entries left for this game.');
    }
    const stored: Entry = { ...entry };
    this.state().entries.set(entry.id, stored);
    return { ...stored };
  }

  async forPlayer(gameKey: GameKey, userId: string): Promise<Entry[]> {
    return this.#ofGame(gameKey)
      .filter((e) => e.userId === userId)
      .sort(byTime)
      .map((e) => ({ ...e }));
  }

  async gameKeysOfPlayer(userId: string, after: GameKey | null, limit: number): Promise<GameKey[]> {
    const keys = new Set<GameKey>();
    for (const e of this.state().entries.values()) if (e.userId === userId) keys.add(e.gameKey);
    for (const m of this.state().mines) if (m.userId === userId) keys.add(m.gameKey);
    return [...keys]
      .filter((k) => after === null || k > after)
      .sort()
      .slice(0, limit);
  }

  async countForPlayer(userId: string): Promise<number> {
    return [...this.state().entries.values()].filter((e) => e.userId === userId).length;
  }

  async isPickedByOthers(gameKey: GameKey, number: number, exceptUserId: string): Promise<boolean> {
    return this.#ofGame(gameKey).some((e) => e.number === number && e.userId !== exceptUserId);
  }

  async pickCounts(gameKey: GameKey, numbers: number[]): Promise<Map<number, number>> {
    const all = this.#countsOf(gameKey);
    return new Map(numbers.map((n) => [n, all.get(n) ?? 0]));
  }

  async uniqueNumbersBelow(gameKey: GameKey, number: number, minedNumbers: number[]): Promise<number> {
    const mined = new Set(minedNumbers);
    let below = 0;
    for (const [n, c] of this.#countsOf(gameKey)) if (n < number && isUnique(c, mined.has(n))) below += 1;
    return below;
  }

  async counts(gameKey: GameKey): Promise<{ totalNumbers: number; uniqueNumbers: number }> {
    const counts = this.#countsOf(gameKey);
    let unique = 0;
    // Mines stay secret until the close, so none counts against a number yet.
    for (const c of counts.values()) if (isUnique(c, false)) unique += 1;
    return { totalNumbers: this.#ofGame(gameKey).length, uniqueNumbers: unique };
  }

  async playerIds(gameKey: GameKey): Promise<string[]> {
    const ids = new Set<string>();
    for (const e of this.#ofGame(gameKey)) if (e.userId !== null) ids.add(e.userId);
    return [...ids].sort();
  }

  async forGuild(
    gameKey: GameKey,
    guildId: string,
  ): Promise<{ userId: string; playerName: string; number: number; submittedAt: Instant }[]> {
    const s = this.state();
    const rows = [];
    for (const e of this.#ofGame(gameKey).sort(byTime)) {
      if (e.userId === null || s.guildMembers.get(e.userId)?.guildId !== guildId) continue;
      rows.push({
        userId: e.userId,
        playerName: s.users.get(e.userId)?.displayName ?? '',
        number: e.number,
        submittedAt: e.submittedAt,
      });
    }
    return rows;
  }

  async deleteBotEntries(gameKey: GameKey): Promise<number> {
    const s = this.state();
    let removed = 0;
    for (const e of this.#ofGame(gameKey)) {
      if (e.userId !== null && s.users.get(e.userId)?.isBot) {
        s.entries.delete(e.id);
        removed += 1;
      }
    }
    return removed;
  }

  async detachFromUser(userId: string): Promise<void> {
    const s = this.state();
    for (const e of [...s.entries.values()]) if (e.userId === userId) s.entries.set(e.id, { ...e, userId: null });
  }

  #ofGame(gameKey: GameKey): Entry[] {
    return [...this.state().entries.values()].filter((e) => e.gameKey === gameKey);
  }

  #countsOf(gameKey: GameKey): Map<number, number> {
    const counts = new Map<number, number>();
    for (const e of this.#ofGame(gameKey)) counts.set(e.number, (counts.get(e.number) ?? 0) + 1);
    return counts;
  }
}
