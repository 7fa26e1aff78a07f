// Who delivers the outbox's mails: an SMTP server, or nobody (they wait in the outbox).
import { ContainerModule } from 'inversify';
import { SmtpMailSender } from '../../adapters/mail/smtp-sender.ts';
import { MailSenderPort } from './tokens.ts';

export const smtpMailModule = (url: string, from: string): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(MailSenderPort)
      .toDynamicValue(() => new SmtpMailSender(url, from))
      .inSingletonScope();
  });

export const outboxOnlyMailModule = new ContainerModule(({ bind }) => {
  bind(MailSenderPort).toConstantValue(null);
});
