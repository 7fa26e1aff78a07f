// A route table standing in for the server in WEB-2's component tests: the real api-client runs, only the network
// is replaced. Each call is recorded so tests can assert what was sent.
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeFetch {
  calls: RecordedCall[];
  /** Replaces or adds a route ('GET /api/winnings'). */
  on: (route: string, handler: Handler) => void;
  callsTo: (route: string) => RecordedCall[];
}

/** Installs the fake as the global fetch; unknown routes answer 404 in the server's error format. */
export function installFakeFetch(routes: Record<string, Handler> = {}): FakeFetch {
  const table = new Map(Object.entries(routes));
  const calls: RecordedCall[] = [];
  const fetchFake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://app.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = table.get(`${method} ${path}`) ?? table.get(`${method} ${url.pathname}`);
    const answer = handler === undefined ? { status: 404, body: { error: `No route ${method} ${path}`, code: 'NOT_FOUND' } } : await handler(call);
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchFake);
  return {
    calls,
    on: (route, handler) => table.set(route, handler),
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route || `${call.method} ${call.path.split('?')[0]}` === route),
  };
}

export function json(body: unknown, status = 200): () => FakeAnswer {
  return () => ({ status, body });
}
