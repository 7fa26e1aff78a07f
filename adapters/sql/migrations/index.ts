// The versioned migrations, in order. Names sort; never rename or edit one that has shipped.
import type { Migration } from 'kysely';
import { initial } from './0001-initial.ts';
import { mailDelivery } from './0004-mail-delivery.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0004-mail-delivery': mailDelivery,
};
