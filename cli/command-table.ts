// Every command of `lowest`, in the order the overview lists them.
import type { Command } from './command.ts';
import { migrateCommand } from './commands/migrate.ts';
import { statusCommand } from './commands/status.ts';
import { closeCommand } from './commands/close.ts';
import { computeCommand } from './commands/compute.ts';
import { openCommand } from './commands/open.ts';
import { botsClearCommand, botsCreateCommand } from './commands/bots.ts';
import { demoteCommand, promoteCommand } from './commands/users.ts';
import { usersExportCommand } from './commands/users-export.ts';
import { backupCommand } from './commands/backup.ts';
import { restoreCommand } from './commands/restore.ts';
import { seedDemoCommand } from './commands/seed-demo.ts';
import { mailListCommand, mailSendCommand } from './commands/mail.ts';
import { verifyCommand } from './commands/verify.ts';
import { auditCommand } from './commands/audit.ts';
import { integrityCommand } from './commands/integrity.ts';
import { keysCommand, keysRotateCommand } from './commands/keys.ts';

export const commands: Command[] = [
  migrateCommand,
  statusCommand,
  closeCommand,
  computeCommand,
  openCommand,
  verifyCommand,
  integrityCommand,
  keysCommand,
  keysRotateCommand,
  botsCreateCommand,
  botsClearCommand,
  promoteCommand,
  demoteCommand,
  usersExportCommand,
  mailListCommand,
  mailSendCommand,
  auditCommand,
  backupCommand,
  restoreCommand,
  seedDemoCommand,
];

/** The command named by the first one or two words, and the words after it. */
export const findCommand = (words: string[]): { command: Command; rest: string[] } | null => {
  const two = commands.find((c) => c.name === `${words[0]} ${words[1]}`);
  if (two) return { command: two, rest: words.slice(2) };
  const one = commands.find((c) => c.name === words[0]);
  return one ? { command: one, rest: words.slice(1) } : null;
};
