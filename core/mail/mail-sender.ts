// The port mail delivery sends through (SMTP in production, see adapters/mail/smtp-sender.ts).

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
}

/**
 * What one try gave. `permanent`: the server refused for good (a 5xx reply) and retrying cannot help;
 * anything else (a 4xx, a dropped connection, a timeout) may work later.
 */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface MailSender {
  /** Sends one mail; never throws for a refusal or a network failure (they are results). */
  send(mail: OutgoingMail): Promise<SendResult>;
}
