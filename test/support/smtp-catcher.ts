// A real SMTP server in the test process (smtp-server on a free port) that keeps what it receives and can
// refuse recipients with a chosen reply code, so delivery is tested against the protocol, not a mock.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** Reply to a recipient: null accepts it, else an SMTP code and message (e.g. 451 or 550). */
export type RecipientRule = (to: string) => { code: number; message: string } | null;

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodeEncodedWords = (value: string): string =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

/** Splits a raw single-part message into its Subject and decoded text body. */
export const parseMessage = (raw: string): { subject: string; text: string } => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: decodeEncodedWords(header('Subject')), text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') };
};

export interface SmtpCatcher {
  /** smtp://127.0.0.1:PORT */
  url: string;
  mails: CaughtMail[];
  /** Recipient refusals so far, as "CODE to". */
  refusals: string[];
  setRule(rule: RecipientRule): void;
  /** Resolves once `count` mails have arrived (polls; the test's own timeout bounds it). */
  waitForMails(count: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

export const startSmtpCatcher = async (): Promise<SmtpCatcher> => {
  const mails: CaughtMail[] = [];
  const refusals: string[] = [];
  let rule: RecipientRule = () => null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = rule(address.address);
      if (!refusal) return callback();
      refusals.push(`${refusal.code} ${address.address}`);
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('latin1'));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), subject, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusals,
    setRule: (next) => {
      rule = next;
    },
    waitForMails: async (count) => {
      while (mails.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
