// What the bare servers of the HTTP bench share (http-baseline.ts, http-postgres-floor.ts): the least HTTP work a
// route can do.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The bare servers' "session": the cookie carries the player id itself. */
export const playerOf = (cookie: string | undefined): string =>
  /(?:^|;\s*)sid=([^;]+)/.exec(cookie ?? '')?.[1] ?? 'anonymous';

export const sendJson = (res: ServerResponse, status: number, body: string): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};

/** Reads a submission's body and hands over its `number` (NaN when there is none). */
export const onPickedNumber = (req: IncomingMessage, picked: (number: number) => void): void => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    picked(typeof parsed === 'object' && parsed !== null && 'number' in parsed ? Number(parsed.number) : NaN);
  });
};
