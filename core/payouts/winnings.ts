// The winner's side of the money: their winnings list and the one-time claim that opens a payout.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { Payout, PrizeType, Winning } from '../model.ts';
import { formatMoney } from '../prizes/money.ts';
import { checkOneLine } from '../accounts/account-rules.ts';
import { isEmail } from '../accounts/profile-fields.ts';
import { mailText } from '../mail/mail-text.ts';
import { mailAddressOf, queueMailTo } from '../mail/notifications.ts';

export type WinningStatus = 'unclaimed' | Payout['status'];

/** A winning counts as money won unless its payout was rejected (failed): that money never reaches the player. */
export const countsAsMoneyWon = (status: WinningStatus): boolean => status !== 'failed';

export interface WinningDto {
  payoutId: string | null;
  gameId: string;
  gameDate: string;
  winningNumber: number;
  prizeAmount: number;
  prizeType: PrizeType;
  amountCents: number;
  currency: string;
  status: WinningStatus;
  isPending: boolean;
  isCompleted: boolean;
  canClaim: boolean;
  countsAsWon: boolean;
  reviewNotes: string | null;
  processedAt: string | null;
  paymentReference: string | null;
}

/** A winning is claimable once, by its winner: not once claimed, nor once the winner deleted their account. */
export const canClaim = (winning: Pick<Winning, 'userId'>, payout: Pick<Payout, 'status'> | null): boolean =>
  payout === null && winning.userId !== null;

export const toWinningDto = (winning: Winning, payout: Payout | null): WinningDto => {
  const status: WinningStatus = payout?.status ?? 'unclaimed';
  const isCompleted = status === 'paid' || status === 'failed';
  return {
    payoutId: payout?.id ?? null,
    gameId: winning.gameKey,
    gameDate: winning.gameDate,
    winningNumber: winning.winningNumber,
    prizeAmount: winning.prize.amountCents / 100,
    prizeType: winning.prize.prizeType,
    amountCents: winning.prize.amountCents,
    currency: winning.prize.currency,
    status,
    isPending: !isCompleted,
    isCompleted,
    canClaim: canClaim(winning, payout),
    countsAsWon: countsAsMoneyWon(status),
    reviewNotes: payout?.reviewNotes ?? null,
    processedAt: payout?.processedAt ?? null,
    paymentReference: payout?.paymentReference ?? null,
  };
};

/** GET /api/winnings */
export const myWinnings = async (deps: Deps<'winnings'>, userId: string): Promise<{ winnings: WinningDto[] }> =>
  deps.store.read(async (repos) => ({
    winnings: (await repos.winnings.forUser(userId)).map(({ winning, payout }) => toWinningDto(winning, payout)),
  }));

export interface ClaimInput {
  userId: string;
  gameId: string;
  paypalEmail?: string | null;
  preferredName?: string | null;
}

/** POST /api/prizes/winner-payout: only the winner, once; cash needs where to send the money. */
export const claimPrize = async (
  deps: Deps<'users' | 'winnings' | 'payouts' | 'outbox'>,
  input: ClaimInput,
): Promise<{ message: string; payoutId: string }> =>
  deps.store.write(async (repos) => {
    // Locked first: a claim and the account's deletion never interleave.
    const user = await repos.users.lock(input.userId);
    if (!user) return fail('NOT_FOUND', 'User not found');
    const winning = await repos.winnings.byGame(input.gameId);
    if (!winning) return fail('NOT_FOUND', 'No prize was won in that game');
    if (winning.userId !== input.userId) return fail('FORBIDDEN', 'Only the winner can claim this prize');
    const existing = (await repos.winnings.forUser(input.userId)).find((w) => w.winning.id === winning.id);
    if (existing?.payout) return fail('ALREADY_CLAIMED', 'This prize has already been claimed');

    const { prize } = winning;
    let paypalEmail: string | null = null;
    let preferredName: string | null = null;
    if (prize.prizeType === 'cash') {
      paypalEmail = (input.paypalEmail ?? '').trim();
      preferredName = (input.preferredName ?? '').trim();
      if (paypalEmail === '' || preferredName === '')
        fail('VALIDATION', 'PayPal email and preferred name are required for cash prizes');
      if (!isEmail(paypalEmail)) fail('VALIDATION', 'Please enter a valid PayPal email address');
      checkOneLine(preferredName, 'Preferred name');
      if (preferredName.length > 100) fail('VALIDATION', 'Preferred name is too long');
    }

    const now = deps.clock.now().toISOString();
    const payout: Payout = {
      id: deps.random.id(),
      winningId: winning.id,
      userId: input.userId,
      status: 'pending_review',
      amountCents: prize.amountCents,
      currency: prize.currency,
      prizeType: prize.prizeType,
      paypalEmail,
      preferredName,
      reviewNotes: null,
      paymentReference: null,
      createdAt: now,
      processedAt: null,
    };
    await repos.payouts.create(payout);

    const amount = formatMoney(prize.amountCents, prize.currency);
    const kind = prize.prizeType === 'cash' ? 'cash prize' : 'voucher';
    const delivery =
      prize.prizeType === 'cash'
        ? mailText`We will send it by PayPal to ${paypalEmail ?? ''} (name: ${preferredName ?? ''}).`
        : mailText`We will e-mail the gift card to ${mailAddressOf(user, await repos.users.mailSettings(user.id)) ?? user.email}.`;
    const mail = {
      subject: mailText`LOWEST UNIQUE: we received your claim for ${winning.gameDate}`,
      body: mailText`Hi ${user.displayName},\n\nThanks for claiming your ${amount} ${kind} for the game of ${winning.gameDate} (winning number ${winning.winningNumber}). ${delivery}\n\nWe review claims within 24 hours and pay within the week; you will get another e-mail when it is processed.`,
    };
    await queueMailTo(repos, deps.random, now, user, mail, 'money');
    return { message: `We'll process your ${amount} ${kind} within the week!`, payoutId: payout.id };
  });
