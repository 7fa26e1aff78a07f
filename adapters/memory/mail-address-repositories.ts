// The memory twins of the contact-e-mail links, the daily reminder's marks and the signing keys.
import type { EmailConfirmation, EmailConfirmationRepository } from '../../core/accounts/ports.ts';
import type { DailyReminderRepository, SigningKeyRepository } from '../../core/mail/ports.ts';
import type { GameDate, User } from '../../core/model.ts';
import type { MemoryState } from './state.ts';

export class MemoryEmailConfirmationRepository implements EmailConfirmationRepository {
  constructor(private readonly state: () => MemoryState) {}

  async add(confirmation: EmailConfirmation): Promise<void> {
    this.state().emailConfirmations.set(confirmation.tokenHash, { ...confirmation });
  }

  async byTokenHash(tokenHash: string): Promise<EmailConfirmation | null> {
    const found = this.state().emailConfirmations.get(tokenHash);
    return found ? { ...found } : null;
  }

  async countSince(userId: string, since: string): Promise<number> {
    return [...this.state().emailConfirmations.values()].filter((c) => c.userId === userId && c.createdAt >= since)
      .length;
  }

  async deleteForUser(userId: string): Promise<void> {
    this.#deleteWhere((c) => c.userId === userId);
  }

  async deleteExpired(userId: string, now: string): Promise<void> {
    this.#deleteWhere((c) => c.userId === userId && c.expiresAt <= now);
  }

  async pruneExpired(now: string): Promise<number> {
    return this.#deleteWhere((c) => c.expiresAt <= now);
  }

  #deleteWhere(matches: (c: EmailConfirmation) => boolean): number {
    const links = this.state().emailConfirmations;
    let deleted = 0;
    for (const [hash, link] of links) {
      if (!matches(link)) continue;
      links.delete(hash);
      deleted += 1;
    }
    return deleted;
  }
}

export class MemoryDailyReminderRepository implements DailyReminderRepository {
  constructor(private readonly state: () => MemoryState) {}

  async due(gameDate: GameDate, limit: number): Promise<User[]> {
    const s = this.state();
    const played = new Set<string>();
    for (const entry of s.entries.values()) {
      if (entry.userId !== null && s.games.get(entry.gameKey)?.date === gameDate) played.add(entry.userId);
    }
    return [...s.users.values()]
      .filter(
        (u) =>
          !u.isBot &&
          s.mailSettings.get(u.id)?.dailyReminder === true &&
          !played.has(u.id) &&
          !s.dailyReminders.has(`${u.id}|${gameDate}`),
      )
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit)
      .map((u) => ({ ...u }));
  }

  async mark(userId: string, gameDate: GameDate, at: string): Promise<boolean> {
    const marks = this.state().dailyReminders;
    const key = `${userId}|${gameDate}`;
    if (marks.has(key)) return false;
    marks.set(key, at);
    return true;
  }
}

export class MemorySigningKeyRepository implements SigningKeyRepository {
  constructor(private readonly state: () => MemoryState) {}

  async ensure(name: string, candidate: string): Promise<string> {
    const keys = this.state().signingKeys;
    const existing = keys.get(name);
    if (existing !== undefined) return existing;
    keys.set(name, candidate);
    return candidate;
  }
}
