// A real local HTTP server standing in for the API in component tests: fixed answers per route, every request recorded.
// The happy-dom window is pointed at it, so the app's relative fetches reach it unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

export interface FakeApi {
  origin: string;
  requests: RecordedRequest[];
  /** Sets the answer for `METHOD /path` (path with its query string). */
  on(route: string, handler: Handler): void;
  /** The recorded requests to `METHOD /path` (path with its query string), oldest first. */
  requestsTo(route: string): RecordedRequest[];
  close(): Promise<void>;
}

async function answerFor(handler: Handler | undefined, request: RecordedRequest): Promise<FakeResponse> {
  if (handler === undefined)
    return { status: 404, body: { error: `No fake for ${request.method} ${request.path}`, code: 'NOT_FOUND' } };
  if (typeof handler !== 'function') return handler;
  try {
    return await handler(request);
  } catch (error) {
    // A broken handler is a broken test: answer like a crashed server so the screen shows it, and say why.
    return { status: 500, body: { error: `Fake handler failed: ${String(error)}`, code: 'INTERNAL' } };
  }
}

export async function startFakeApi(routes: Record<string, Handler> = {}): Promise<FakeApi> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      let body: unknown = undefined;
      if (text !== '') {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      requests.push(recorded);
      void answerFor(table.get(`${recorded.method} ${recorded.path}`), recorded).then((answer) => {
        const status = answer.status ?? 200;
        if (answer.body === undefined) {
          res.writeHead(status).end();
          return;
        }
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    on: (route, handler) => table.set(route, handler),
    requestsTo: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Points the happy-dom window (and so relative fetches) at the fake API. */
export function pointWindowAt(origin: string): void {
  const happy = (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM;
  if (happy === undefined) throw new Error('pointWindowAt needs the happy-dom environment');
  happy.setURL(`${origin}/`);
}
