import { payoutStatusBadgeClass, payoutStatusName } from '../payout-status.ts';
import '../winnings.css';

export function PayoutStatusBadge({ status }: { status: string }) {
  return <span className={payoutStatusBadgeClass(status)}>{payoutStatusName(status)}</span>;
}
