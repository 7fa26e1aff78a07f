import { DomainError } from '../../core/errors.ts';
import type { AuditEntry, GameDate, Instant, Payout, PayoutStatus } from '../../core/model.ts';
import type { AuditFilter, PayoutAuditRow, PayoutPlayer, PayoutRepository } from '../../core/payouts/ports.ts';
import { adminNameOf, matchesAudit, newestAudit } from './audit-filter.ts';
import type { MemoryState } from './state.ts';

export class MemoryPayoutRepository implements PayoutRepository {
  constructor(private readonly state: () => MemoryState) {}

  async create(payout: Payout): Promise<void> {
    const s = this.state();
    if ([...s.payouts.values()].some((p) => p.winningId === payout.winningId)) {
      throw new DomainError('ALREADY_CLAIMED', 'This prize has already been claimed.');
    }
    if (s.payouts.has(payout.id)) throw new DomainError('CONFLICT', `Payout ${payout.id} already exists.`);
    s.payouts.set(payout.id, { ...payout });
  }

  async byId(id: string): Promise<Payout | null> {
    const p = this.state().payouts.get(id);
    return p ? { ...p } : null;
  }

  async list(): Promise<(Payout & { gameDate: GameDate; player: PayoutPlayer | null })[]> {
    const s = this.state();
    return [...s.payouts.values()]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1))
      .map((p) => {
        const user = p.userId ? s.users.get(p.userId) : undefined;
        return {
          ...p,
          gameDate: s.winnings.get(p.winningId)?.gameDate ?? '',
          player: user
            ? {
                displayName: user.displayName,
                email: user.email,
                verifiedEmail: user.verifiedEmail,
                isBot: user.isBot,
                contactEmailConfirmed: s.mailSettings.get(user.id)?.contactEmailConfirmed ?? false,
              }
            : null,
        };
      });
  }

  async transition(
    id: string,
    from: PayoutStatus,
    to: PayoutStatus,
    fields: { reviewNotes: string | null; paymentReference: string | null; processedAt: Instant | null },
  ): Promise<boolean> {
    const payout = this.state().payouts.get(id);
    if (!payout || payout.status !== from) return false;
    payout.status = to;
    payout.reviewNotes = fields.reviewNotes;
    payout.paymentReference = fields.paymentReference;
    payout.processedAt = fields.processedAt;
    return true;
  }

  async addAudit(entry: AuditEntry): Promise<void> {
    this.state().audit.push({ ...entry });
  }

  /** Oldest first. */
  async audit(payoutId: string): Promise<AuditEntry[]> {
    return this.state()
      .audit.filter((a) => a.payoutId === payoutId)
      .map((a) => ({ ...a }));
  }

  async auditTrail(filter: AuditFilter, limit: number): Promise<PayoutAuditRow[]> {
    const s = this.state();
    const rows = s.audit.flatMap((entry): PayoutAuditRow[] => {
      const payout = s.payouts.get(entry.payoutId);
      if (!payout || !matchesAudit(filter, entry)) return [];
      const player = payout.userId === null ? undefined : s.users.get(payout.userId);
      return [
        {
          ...entry,
          adminName: adminNameOf(s, entry.adminId),
          gameDate: s.winnings.get(payout.winningId)?.gameDate ?? null,
          amountCents: payout.amountCents,
          currency: payout.currency,
          playerName: player?.displayName ?? null,
        },
      ];
    });
    return newestAudit(rows, limit);
  }

  async auditCount(filter: AuditFilter): Promise<number> {
    const s = this.state();
    return s.audit.filter((entry) => s.payouts.has(entry.payoutId) && matchesAudit(filter, entry)).length;
  }
}
