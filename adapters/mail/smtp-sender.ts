// The MailSender over SMTP (nodemailer). A reply code 5xx is a permanent refusal; every other failure
// (4xx, connection refused or dropped, timeouts) is temporary and the delivery use case retries it.
import { createTransport } from 'nodemailer';
import type { MailSender, OutgoingMail, SendResult } from '../../core/mail/mail-sender.ts';

/** Well under the delivery claim (core/mail/deliver-mails.ts CLAIM_MS), so a live claim never expires. */
const TIMEOUT_MS = 60_000;

const responseCode = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && 'responseCode' in error && typeof error.responseCode === 'number'
    ? error.responseCode
    : null;

export class SmtpMailSender implements MailSender {
  readonly #transport;

  /** `url`: smtp://user:pass@host:port or smtps://…; `from`: the From header, e.g. `LOWEST UNIQUE <no-reply@example.com>`. */
  constructor(url: string, from: string) {
    this.#transport = createTransport(
      { url, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS },
      { from },
    );
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      await this.#transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
      return { ok: true };
    } catch (error) {
      const code = responseCode(error);
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, permanent: code !== null && code >= 500 && code < 600, error: message };
    }
  }

  close(): void {
    this.#transport.close();
  }
}
