/** How a payout status reads on screen (spec-2 §4): known values get a name, anything else shows as is. */

const statusNames: Record<string, string> = {
  pending_review: 'Pending Review',
  approved: 'Approved',
  paid: 'Paid',
  failed: 'Failed',
  unclaimed: 'Unclaimed',
};

export function payoutStatusName(status: string): string {
  return statusNames[status] ?? status;
}

/** The badge classes for a status: paid is the good news, failed the bad (colours in components/payout-status-badge.css). */
export function payoutStatusBadgeClass(status: string): string {
  if (status === 'paid' || status === 'failed' || status === 'approved') return `badge badge-status-${status}`;
  return 'badge';
}
