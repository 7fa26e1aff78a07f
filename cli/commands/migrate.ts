import type { Command } from '../command.ts';

export const migrateCommand: Command = {
  name: 'migrate',
  args: [],
  options: {},
  summary: 'Create or upgrade the database schema to the latest version.',
  details: 'The server also migrates at start-up; run this before deploying a new version against a shared database.',
  run: async ({ open }) => {
    const runtime = await open();
    const applied = await runtime.migrate();
    const text =
      applied.length === 0
        ? `Database ${runtime.databaseLabel} is up to date.`
        : `Database ${runtime.databaseLabel} migrated: ${applied.join(', ')}`;
    return { data: { database: runtime.databaseLabel, applied }, text };
  },
};
