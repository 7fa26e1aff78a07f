// The admin's side of the money: the payout list and the review that moves a payout along its states.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { GameDate, Payout, PrizeType } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import type { IntegrityEvidence } from '../integrity/model.ts';
import { formatMoney } from '../prizes/money.ts';
import { mailText, type MailContent } from '../mail/mail-text.ts';
import { mailAddressOf, queueMailTo } from '../mail/notifications.ts';
import type { PayoutPlayer } from './ports.ts';
import {
  allowedReviewActions,
  isOwnPayout,
  planTransition,
  type ReviewAction,
  type ReviewStatus,
} from './payout-state.ts';

export interface AdminPayoutDto {
  id: string;
  status: Payout['status'];
  amountCents: number;
  currency: string;
  prizeType: PrizeType;
  gameDate: GameDate;
  playerName: string | null;
  playerEmail: string | null;
  paypalEmail: string | null;
  preferredName: string | null;
  reviewNotes: string | null;
  paymentReference: string | null;
  createdAt: string;
  processedAt: string | null;
  /** What this admin may do next; empty when the payout is final or their own. */
  allowedActions: ReviewAction[];
  /** The evidence when the close flagged this winning for an integrity review (DESIGN.md §18), else null. */
  integrity: IntegrityEvidence | null;
}

type ListedPayout = Payout & { gameDate: GameDate; player: PayoutPlayer | null };

const toAdminDto = (p: ListedPayout, adminId: string, integrity: IntegrityEvidence | null): AdminPayoutDto => ({
  id: p.id,
  status: p.status,
  amountCents: p.amountCents,
  currency: p.currency,
  prizeType: p.prizeType,
  gameDate: p.gameDate,
  playerName: p.player?.displayName ?? null,
  // The address the player's mails go to: an unconfirmed contact e-mail could be anyone's.
  playerEmail: p.player ? mailAddressOf(p.player, p.player) : null,
  paypalEmail: p.paypalEmail,
  preferredName: p.preferredName,
  reviewNotes: p.reviewNotes,
  paymentReference: p.paymentReference,
  createdAt: p.createdAt,
  processedAt: p.processedAt,
  allowedActions: allowedReviewActions(p, adminId),
  integrity,
});

/** The integrity flag the close stored for the winning a payout pays, if any. */
const payoutIntegrity = async (
  repos: RepositoriesOf<'integrity'>,
  payout: Pick<Payout, 'winningId'>,
): Promise<IntegrityEvidence | null> =>
  (await repos.integrity.winnerEvidence([payout.winningId])).get(payout.winningId) ?? null;

export const CONFIRM_NAME_MESSAGE = "confirmName must be the winner's display name to approve a flagged payout.";

/** GET /api/prizes/admin/payouts: newest first, each with the actions `adminId` may take. */
export const listPayouts = async (
  deps: Deps<'payouts' | 'integrity'>,
  adminId: string,
): Promise<{ payouts: AdminPayoutDto[] }> =>
  deps.store.read(async (repos) => {
    const listed = await repos.payouts.list();
    const flagged = await repos.integrity.winnerEvidence(listed.map((p) => p.winningId));
    return { payouts: listed.map((p) => toAdminDto(p, adminId, flagged.get(p.winningId) ?? null)) };
  });

export interface ReviewInput {
  adminId: string;
  payoutId: string;
  status: string;
  reviewNotes?: string | null;
  paymentReference?: string | null;
  /** Approving a flagged winning: the winner's display name, typed by the admin. */
  confirmName?: unknown;
}

/** The admin screen writes a rejection's notes as 'Rejected: {reason}'; the mail says 'Reason:' itself. */
const reasonOf = (notes: string | null): string | null => {
  const reason = (notes ?? '').replace(/^\s*Rejected:\s*/i, '').trim();
  return reason === '' ? null : reason;
};

/** The winner's mail about a review: a greeting by name, what happened, and the link to their winnings. */
export const payoutMail = (
  status: ReviewStatus,
  args: { playerName: string; amount: string; gameDate: string; notes: string | null; reference: string | null },
  publicUrl: string,
): MailContent => {
  const { playerName, amount, gameDate } = args;
  const greeting = mailText`Hi ${playerName},\n\n`;
  const link = mailText`\n\nSee your winnings: ${publicUrl}/winnings\n`;
  switch (status) {
    case 'approved':
      return {
        subject: mailText`LOWEST UNIQUE: your prize for ${gameDate} is approved`,
        body:
          greeting +
          mailText`Your ${amount} prize for ${gameDate} has been approved and payment is being processed.` +
          link,
      };
    case 'failed': {
      const reason = reasonOf(args.notes);
      return {
        subject: mailText`LOWEST UNIQUE: your prize claim for ${gameDate} was rejected`,
        body:
          greeting +
          mailText`We could not pay your ${amount} prize for ${gameDate}.` +
          (reason === null ? '' : mailText`\n\nReason: ${reason}`) +
          link,
      };
    }
    case 'paid':
      return {
        subject: mailText`LOWEST UNIQUE: your prize for ${gameDate} has been paid`,
        body:
          greeting +
          mailText`Your ${amount} prize for ${gameDate} has been paid. Reference: ${args.reference ?? ''}` +
          link,
      };
  }
};

/** POST /api/prizes/admin/payouts/{id}: one step of the state machine by another admin than the winner, audited, with a mail to the winner. */
export const reviewPayout = async (
  deps: Deps<'users' | 'winnings' | 'payouts' | 'outbox' | 'integrity'>,
  input: ReviewInput,
): Promise<{ payout: AdminPayoutDto; message: string }> =>
  deps.store.write(async (repos) => {
    const payout = await repos.payouts.byId(input.payoutId);
    if (!payout) return fail('NOT_FOUND', 'Payout not found');
    if (isOwnPayout(payout, input.adminId))
      return fail('OWN_PAYOUT', 'You cannot review a payout of your own: another admin must do it.');
    const now = deps.clock.now().toISOString();
    const plan = planTransition(payout, input, now);
    const integrity = await payoutIntegrity(repos, payout);
    const winner = payout.userId === null ? null : await repos.users.byId(payout.userId);
    // A flagged winning is approved only by an admin who typed the winner's name: a decision, not a click.
    if (integrity && plan.to === 'approved') {
      const typed = typeof input.confirmName === 'string' ? input.confirmName.trim() : '';
      if (typed === '' || typed !== winner?.displayName)
        fail('VALIDATION', CONFIRM_NAME_MESSAGE, { field: 'confirmName' });
    }
    const moved = await repos.payouts.transition(payout.id, plan.from, plan.to, {
      reviewNotes: plan.reviewNotes,
      paymentReference: plan.paymentReference,
      processedAt: plan.processedAt,
    });
    if (!moved) return fail('CONFLICT', 'This payout was changed by someone else; reload and try again');
    await repos.payouts.addAudit({
      id: deps.random.id(),
      payoutId: payout.id,
      adminId: input.adminId,
      fromStatus: plan.from,
      toStatus: plan.to,
      note: plan.to === 'paid' ? plan.paymentReference : plan.reviewNotes,
      at: now,
    });

    const winning = await repos.winnings.byId(payout.winningId);
    const listed: ListedPayout = {
      ...payout,
      status: plan.to,
      reviewNotes: plan.reviewNotes,
      paymentReference: plan.paymentReference,
      processedAt: plan.processedAt,
      gameDate: winning?.gameDate ?? '',
      player: winner
        ? { ...winner, contactEmailConfirmed: (await repos.users.mailSettings(winner.id)).contactEmailConfirmed }
        : null,
    };
    if (winner) {
      const mail = payoutMail(
        plan.to,
        {
          playerName: winner.displayName,
          amount: formatMoney(payout.amountCents, payout.currency),
          gameDate: listed.gameDate,
          notes: plan.reviewNotes,
          reference: plan.paymentReference,
        },
        deps.config.publicUrl,
      );
      await queueMailTo(repos, deps.random, now, winner, mail, 'money');
    }
    return { payout: toAdminDto(listed, input.adminId, integrity), message: `Payout marked as ${plan.to}` };
  });
