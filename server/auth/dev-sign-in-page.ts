// The development sign-in page (AUTH_MODE=dev): a plain form, no scripts, saying what it is.
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export const devSignInPage = (values: { email?: string; displayName?: string; error?: string } = {}): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in · LOWEST UNIQUE</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
h1 { text-transform: uppercase; }
.note { border: 3px solid #000; padding: 0.75rem; background: #fff3a0; }
label { display: block; margin-top: 1rem; font-weight: 700; }
input { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 3px solid #000; font-size: 1rem; }
button { margin-top: 1.25rem; padding: 0.6rem 1.2rem; border: 3px solid #000; background: #ff3d00; color: #fff; font-weight: 700; font-size: 1rem; box-shadow: 4px 4px 0 #000; }
.error { color: #b00020; font-weight: 700; }
</style>
</head>
<body>
<main>
<h1>Development sign-in</h1>
<p class="note">This is <strong>development sign-in</strong>: the server runs without Google sign-in
(AUTH_MODE=dev), so any e-mail address signs in without a password. Never use it in production.</p>
${values.error ? `<p class="error" role="alert">${escapeHtml(values.error)}</p>` : ''}
<form method="post" action="/auth/dev">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(values.email ?? '')}">
<label for="displayName">Display name</label>
<input id="displayName" name="displayName" type="text" required minlength="2" maxlength="50" autocomplete="nickname" value="${escapeHtml(values.displayName ?? '')}">
<button type="submit">SIGN IN</button>
</form>
<p><a href="/">Back to the game</a></p>
</main>
</body>
</html>
`;
