import { payoutStatusBadgeClass, payoutStatusName } from '../lib/payout-status.ts';
import './payout-status-badge.css';

export function PayoutStatusBadge({ status }: { status: string }) {
  return <span className={payoutStatusBadgeClass(status)}>{payoutStatusName(status)}</span>;
}
