// The server's own small HTML pages (development sign-in, the links in mails): no scripts, the game's
// brutalist look in a few lines of CSS, every value escaped.
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A whole page around `main` (already HTML: escape what goes in it). */
export const plainPage = (title: string, main: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · LOWEST UNIQUE</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
h1 { text-transform: uppercase; }
.note { border: 3px solid #000; padding: 0.75rem; background: #fff3a0; }
label { display: block; margin-top: 1rem; font-weight: 700; }
input { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 3px solid #000; font-size: 1rem; }
button { margin-top: 1.25rem; min-height: 44px; padding: 0.6rem 1.2rem; border: 3px solid #000; background: #ff3d00; color: #fff; font-weight: 700; font-size: 1rem; box-shadow: 4px 4px 0 #000; }
.error { color: #b00020; font-weight: 700; }
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
