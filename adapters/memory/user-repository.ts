import { DomainError } from '../../core/errors.ts';
import type { User } from '../../core/model.ts';
import type { MailSettings, NewUser, UserChanges, UserRepository } from '../../core/accounts/ports.ts';
import type { LockOrder } from '../unit-of-work-guard.ts';
import { newPlayerStats } from '../../core/rewards/streaks.ts';
import type { MemoryState } from './state.ts';

const NO_SETTINGS: MailSettings = { newsOptOut: false, dailyReminder: false, contactEmailConfirmed: false };

const emailTaken = () => new DomainError('EMAIL_TAKEN', 'That e-mail address is already in use.');

export class MemoryUserRepository implements UserRepository {
  constructor(
    private readonly state: () => MemoryState,
    private readonly lockOrder?: LockOrder,
  ) {}

  async create(user: NewUser): Promise<User> {
    const s = this.state();
    if (this.#emailHeld(user.email, user.id)) throw emailTaken();
    if (user.verifiedEmail !== null && this.#findByVerifiedEmail(user.verifiedEmail)) throw emailTaken();
    if (s.users.has(user.id)) throw new DomainError('CONFLICT', `User ${user.id} already exists.`);
    const created: User = { ...user };
    s.users.set(user.id, created);
    s.playerStats.set(user.id, newPlayerStats(user.id));
    return { ...created };
  }

  async byId(id: string): Promise<User | null> {
    const user = this.state().users.get(id);
    return user ? { ...user } : null;
  }

  /** Memory writes run one at a time: nothing to lock, but the order of the locks is checked as the SQL stores check it. */
  async lock(id: string): Promise<User | null> {
    this.lockOrder?.player();
    return this.byId(id);
  }

  async byEmail(email: string): Promise<User | null> {
    const user = this.#findByEmail(email);
    return user ? { ...user } : null;
  }

  async byVerifiedEmail(email: string): Promise<User | null> {
    const user = this.#findByVerifiedEmail(email);
    return user ? { ...user } : null;
  }

  async byGoogleSub(sub: string): Promise<User | null> {
    const user = [...this.state().users.values()].find((u) => u.googleSub === sub);
    return user ? { ...user } : null;
  }

  async byReferralCode(code: string): Promise<User | null> {
    const user = [...this.state().users.values()].find((u) => u.referralCode === code);
    return user ? { ...user } : null;
  }

  async update(id: string, fields: UserChanges): Promise<User> {
    const s = this.state();
    const user = s.users.get(id);
    if (!user) throw new DomainError('NOT_FOUND', 'User not found.');
    if (fields.email !== undefined && this.#emailHeld(fields.email, id)) throw emailTaken();
    if (fields.verifiedEmail !== undefined) {
      const other = this.#findByVerifiedEmail(fields.verifiedEmail);
      if (other && other.id !== id) throw emailTaken();
    }
    const updated: User = { ...user, ...fields };
    s.users.set(id, updated);
    // A new contact e-mail is unconfirmed until its own link is followed.
    const settings = s.mailSettings.get(id);
    if (settings && updated.email.toLowerCase() !== user.email.toLowerCase())
      s.mailSettings.set(id, { ...settings, contactEmailConfirmed: false });
    return { ...updated };
  }

  async mailSettings(id: string): Promise<MailSettings> {
    return { ...NO_SETTINGS, ...this.state().mailSettings.get(id) };
  }

  async setMailSettings(id: string, changes: Partial<MailSettings>): Promise<void> {
    const s = this.state();
    if (!s.users.has(id)) return;
    s.mailSettings.set(id, { ...NO_SETTINGS, ...s.mailSettings.get(id), ...changes });
  }

  async delete(id: string): Promise<void> {
    const s = this.state();
    s.users.delete(id);
    s.mailSettings.delete(id);
    for (const [hash, link] of s.emailConfirmations) if (link.userId === id) s.emailConfirmations.delete(hash);
    for (const key of s.dailyReminders.keys()) if (key.startsWith(`${id}|`)) s.dailyReminders.delete(key);
    s.playerStats.delete(id);
    for (const [key, row] of s.integritySignals) if (row.userId === id) s.integritySignals.delete(key);
    s.integrityFlags = s.integrityFlags
      .filter((f) => f.userId !== id)
      .map((f) => (f.memberIds.includes(id) ? { ...f, memberIds: f.memberIds.filter((m) => m !== id) } : f));
  }

  async count(): Promise<{ users: number; bots: number }> {
    const all = [...this.state().users.values()];
    return { users: all.length, bots: all.filter((u) => u.isBot).length };
  }

  async listBots(): Promise<User[]> {
    return [...this.state().users.values()]
      .filter((u) => u.isBot)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((u) => ({ ...u }));
  }

  #findByEmail(email: string): User | undefined {
    const wanted = email.toLowerCase();
    return [...this.state().users.values()].find((u) => u.email.toLowerCase() === wanted);
  }

  #findByVerifiedEmail(email: string): User | undefined {
    const wanted = email.toLowerCase();
    return [...this.state().users.values()].find((u) => u.verifiedEmail?.toLowerCase() === wanted);
  }

  /** Whether a user other than `exceptId` has the address as contact or verified e-mail. */
  #emailHeld(email: string, exceptId: string): boolean {
    const wanted = email.toLowerCase();
    return [...this.state().users.values()].some(
      (u) => u.id !== exceptId && (u.email.toLowerCase() === wanted || u.verifiedEmail?.toLowerCase() === wanted),
    );
  }
}
