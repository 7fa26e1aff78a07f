// The versioned migrations, in order. Names sort; never rename or edit one that has shipped.
import type { Migration } from 'kysely';
import { initial } from './0001-initial.ts';
import { verifiedEmail } from './0002-verified-email.ts';
import { rateLimits } from './0003-rate-limits.ts';
import { mailDelivery } from './0004-mail-delivery.ts';
import { fairness } from './0005-fairness.ts';
import { closeTally } from './0006-close-tally.ts';
import { leaderboardRanks } from './0007-leaderboard-ranks.ts';
import { mailAddresses } from './0008-mail-addresses.ts';
import { prizeAudit } from './0010-prize-audit.ts';
import { fairnessTreeV2 } from './0011-fairness-tree-v2.ts';
import { integrity } from './0012-integrity.ts';
import { signedReceipts } from './0013-signed-receipts.ts';
import { outboxRetention } from './0014-outbox-retention.ts';
import { gameSnapshot } from './0015-game-snapshot.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-verified-email': verifiedEmail,
  '0003-rate-limits': rateLimits,
  '0004-mail-delivery': mailDelivery,
  '0005-fairness': fairness,
  '0006-close-tally': closeTally,
  '0007-leaderboard-ranks': leaderboardRanks,
  '0008-mail-addresses': mailAddresses,
  '0010-prize-audit': prizeAudit,
  '0011-fairness-tree-v2': fairnessTreeV2,
  '0012-integrity': integrity,
  '0013-signed-receipts': signedReceipts,
  '0014-outbox-retention': outboxRetention,
  '0015-game-snapshot': gameSnapshot,
};
