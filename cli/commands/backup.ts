import type { Command } from '../command.ts';

export const backupCommand: Command = {
  name: 'backup',
  args: ['FILE'],
  options: {},
  summary: 'Copy the SQLite database to FILE while it is in use (online backup).',
  details: 'SQLite only. For PostgreSQL use pg_dump, e.g. pg_dump "$DATABASE_URL" > backup.sql',
  run: async ({ args, open }) => {
    const [file = ''] = args;
    const runtime = await open();
    const path = await runtime.backup(file);
    return { data: { file: path }, text: `Backup written to ${path}` };
  },
};
