// An SMTP server in the test process that catches what the app sends: each message is appended to a JSON-lines file
// (recipients, subject, decoded text) that the journeys read, since they run in other workers than the global setup.
// Unlike test/support/smtp-catcher.ts, which keeps mails in memory for tests in one process, it writes them down.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMessage } from '../../support/smtp-catcher.ts';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export async function startMailCatcher(logFile: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('latin1'));
        const mail: CaughtMail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, text };
        appendFileSync(logFile, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function readCaughtMails(logFile: string): CaughtMail[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CaughtMail);
}
