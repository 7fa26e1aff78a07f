// `lowest users export EMAIL [--out FILE]`: everything the game holds about a player, the file GET /api/profile/export
// gives them (DESIGN.md §8), for an operator answering a request by mail.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { playerExportByEmail } from '../../core/accounts/export.ts';

/** Writes the pieces to FILE, waiting for the disk when its buffer is full; returns the bytes written. */
const writeFile = async (path: string, pieces: AsyncIterable<string>): Promise<number> => {
  const file = createWriteStream(path, { flags: 'wx' });
  await once(file, 'open');
  let bytes = 0;
  try {
    for await (const piece of pieces) {
      bytes += Buffer.byteLength(piece);
      if (!file.write(piece)) await once(file, 'drain');
    }
  } finally {
    file.end();
    await once(file, 'close');
  }
  return bytes;
};

export const usersExportCommand: Command = {
  name: 'users export',
  args: ['EMAIL'],
  options: {
    out: {
      type: 'string',
      valueName: 'FILE',
      description: 'write the file there (it must not exist) instead of stdout',
    },
  },
  summary: "Write everything the game holds about a player as JSON (the player's DOWNLOAD MY DATA file).",
  details: [
    'EMAIL is the contact e-mail of the profile or the sign-in e-mail. The file holds the profile, totals, mail',
    'settings, sessions (never a token), rewards, referrals, bonus entries, guild, winnings and payouts, and every game',
    'the player entered with each signed receipt and its outcome. It goes to stdout unless --out names a file.',
  ].join('\n'),
  run: async ({ args, options, open, write }) => {
    const [email = ''] = args;
    const runtime = await open();
    const found = await playerExportByEmail(runtime.deps, email, { sessionDays: runtime.sessionDays });
    const out = typeof options.out === 'string' ? resolve(options.out) : null;
    if (out === null) {
      for await (const piece of found.text) await write(piece);
      return { data: null, text: '', streamed: true };
    }
    const bytes = await writeFile(out, found.text);
    return {
      data: { userId: found.userId, file: out, bytes },
      text: `Wrote ${bytes} bytes about ${email} to ${out} (a player downloads it as ${found.fileName}).`,
    };
  },
};
