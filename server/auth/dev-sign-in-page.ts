// The development sign-in page (AUTH_MODE=dev): a plain form, no scripts, saying what it is.
import { escapeHtml, plainPage } from './plain-page.ts';

export const devSignInPage = (
  values: { email?: string; displayName?: string; error?: string; next?: string | null } = {},
): string =>
  plainPage(
    'Development sign-in',
    `<h1>Development sign-in</h1>
<p class="note">This is <strong>development sign-in</strong>: the server runs without Google sign-in
(AUTH_MODE=dev), so any e-mail address signs in without a password. Never use it in production.</p>
${values.error ? `<p class="error" role="alert">${escapeHtml(values.error)}</p>` : ''}
<form method="post" action="/auth/dev">
${values.next ? `<input type="hidden" name="next" value="${escapeHtml(values.next)}">` : ''}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(values.email ?? '')}">
<label for="displayName">Display name</label>
<input id="displayName" name="displayName" type="text" required minlength="2" maxlength="50" autocomplete="nickname" value="${escapeHtml(values.displayName ?? '')}">
<button type="submit">SIGN IN</button>
</form>
<p><a href="/">Back to the game</a></p>`,
  );
