// The pages behind the links in mails, which work signed out: confirming a contact e-mail and turning the daily
// reminder off. A GET only shows a button (mail scanners open links); the POST it sends does the change.
import { escapeHtml, plainPage } from './plain-page.ts';

const form = (action: string, token: string, button: string): string =>
  `<form method="post" action="${action}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${escapeHtml(button)}</button>
</form>`;

const home = '<p><a href="/">Back to the game</a></p>';

export const confirmEmailPage = (email: string, token: string): string =>
  plainPage(
    'Confirm your e-mail',
    `<h1>Confirm your e-mail</h1>
<p>Confirm <strong>${escapeHtml(email)}</strong> as the address LOWEST UNIQUE sends your mails to.</p>
${form('/auth/confirm-email', token, 'CONFIRM E-MAIL')}`,
  );

export const emailConfirmedPage = (email: string): string =>
  plainPage(
    'E-mail confirmed',
    `<h1>E-mail confirmed</h1>
<p role="status">Thanks: your mails now go to <strong>${escapeHtml(email)}</strong>.</p>
<p><a href="/profile">Your profile</a></p>`,
  );

export const unsubscribePage = (token: string): string =>
  plainPage(
    'Daily reminder',
    `<h1>Daily reminder</h1>
<p>Stop the daily reminder mail? Mails about your prizes still come.</p>
${form('/auth/unsubscribe', token, 'TURN OFF THE DAILY REMINDER')}`,
  );

export const unsubscribedPage = (): string =>
  plainPage(
    'Daily reminder off',
    `<h1>Daily reminder off</h1>
<p role="status">You will get no more daily reminders. You can turn them on again on your profile.</p>
${home}`,
  );

/** An unknown, used or expired link: what happened and what to do instead. */
export const badLinkPage = (message: string): string =>
  plainPage(
    'Link not valid',
    `<h1>Link not valid</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>\n<p><a href="/profile">Your profile</a></p>`,
  );
