// The verify page's first data, asked for by the page's first script (web/app/early-requests.ts) while the app's
// code is still downloading: on a phone each round trip saved is a visible wait. Spelled as the screen's own
// requests spell them (api/*.ts), so the app takes these answers instead of asking again; a game key needs no
// escaping. Nothing is imported: the early script shares no chunk with the app.

/** On /verify/{gameKey}: the record, the winner proof and the receipts (a visitor's is a small 401 nobody takes). */
export function verifyEarlyPaths(pathname: string): string[] {
  const key = /^\/verify\/([\w-]+)$/.exec(pathname)?.[1];
  return key === undefined ? [] : ['', '/winner-proof', '/receipts'].map((path) => `/api/fairness/${key}${path}`);
}
