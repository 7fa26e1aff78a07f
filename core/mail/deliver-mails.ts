// Delivering the outbox (DESIGN.md §15): claim due rows, send each, settle it. At least once: a worker that
// dies between send and settle leaves its rows `sending` until the claim expires, then another pass sends again.
import type { Deps } from '../deps.ts';
import type { QueuedMail } from '../model.ts';
import type { MailSender } from './mail-sender.ts';

/** A row is dead-lettered after this many failed tries. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 3_600_000;
/** Longer than a send can take (the SMTP adapter times out well before), so a live claim never expires. */
export const CLAIM_MS = 5 * 60_000;
export const DELIVERY_BATCH = 20;

/** Wait after the n-th failed try: 1 min, doubling, at most 1 h. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Rows whose claim had expired before we settled them (another worker owns them now). */
  lost: number;
}

type DeliveryDeps = Pick<Deps<'outbox'>, 'store' | 'clock' | 'random'>;

const deliverOne = async (
  deps: DeliveryDeps,
  sender: MailSender,
  mail: QueuedMail,
  token: string,
): Promise<keyof DeliveryReport> => {
  let result;
  try {
    result = await sender.send({ to: mail.to, subject: mail.subject, text: mail.body });
  } catch (error) {
    // A sender that breaks its promise not to throw is a temporary failure, not a lost row.
    result = { ok: false as const, permanent: false, error: error instanceof Error ? error.message : String(error) };
  }
  const now = deps.clock.now();
  if (result.ok) {
    const settled = await deps.store.write((repos) =>
      repos.outbox.settle(mail.id, token, { status: 'sent', at: now.toISOString() }),
    );
    return settled ? 'sent' : 'lost';
  }
  const error = result.error.slice(0, 1000);
  const dead = result.permanent || mail.attempts >= MAX_ATTEMPTS;
  const settled = await deps.store.write((repos) =>
    repos.outbox.settle(
      mail.id,
      token,
      dead
        ? { status: 'failed', error }
        : {
            status: 'pending',
            error,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)).toISOString(),
          },
    ),
  );
  if (!settled) return 'lost';
  return dead ? 'failed' : 'retrying';
};

/** One delivery pass: claims and sends due mails, batch after batch, until none is due. */
export const deliverDueMails = async (
  deps: DeliveryDeps,
  sender: MailSender,
  batchSize = DELIVERY_BATCH,
): Promise<DeliveryReport> => {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, lost: 0 };
  for (;;) {
    const token = deps.random.id();
    const now = deps.clock.now();
    const claimed = await deps.store.write((repos) =>
      repos.outbox.claimDue(now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString(), token, batchSize),
    );
    for (const mail of claimed) report[await deliverOne(deps, sender, mail, token)] += 1;
    if (claimed.length < batchSize) return report;
  }
};

/** The outbox gauges: mails waiting (pending or being sent) and dead letters. */
export const mailQueueStatus = async (
  deps: Pick<Deps<'outbox'>, 'store'>,
): Promise<{ backlog: number; failed: number }> => deps.store.read((repos) => repos.outbox.queueStatus());
