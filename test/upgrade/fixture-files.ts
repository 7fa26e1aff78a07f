// The committed upgrade fixtures (scripts/make-upgrade-fixture.sh): where they are and how their PostgreSQL dump loads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';

export const fixturesDir = join(import.meta.dirname, 'fixtures');

/**
 * Loads the fixture's plain SQL dump into the (empty) database at `url`, on a connection of its own: the dump empties
 * its session's search_path, which later statements on that connection would inherit.
 */
export const loadPostgresFixture = async (url: string, fixture: string): Promise<void> => {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await sql.unsafe(readFileSync(join(fixturesDir, fixture, 'postgres.sql'), 'utf8'));
  } finally {
    await sql.end();
  }
};
