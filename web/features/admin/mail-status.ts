// Reads the outbox figures out of the raw admin status (the SYSTEM tab shows them apart from the raw JSON).
import type { AdminMailStatus } from '../../../server/routes/admin.schemas.ts';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function mailStatusOf(status: unknown): AdminMailStatus | null {
  if (typeof status !== 'object' || status === null || !('mail' in status)) return null;
  const mail: unknown = status.mail;
  if (typeof mail !== 'object' || mail === null) return null;
  if (!('backlog' in mail) || !('failed' in mail) || !('delivery' in mail)) return null;
  const { backlog, failed, delivery } = mail;
  if (!isCount(backlog) || !isCount(failed) || (delivery !== 'smtp' && delivery !== 'off')) return null;
  return { backlog, failed, delivery };
}
