// The load client of the HTTP bench: keep-alive connections, each bound to its own loopback source
// address (127.x.y.z) so per-IP rate limits see many clients (autocannon cannot bind connections to
// different local addresses, so it is not used). Two transports: node:http with one Agent per
// connection (the default: a client of about autocannon's weight, as the issue measured with) and
// raw sockets (a lighter client that leaves more of the machine to the server under test). The
// project and the bare baseline are always driven by the same one.
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Extra headers (Cookie, Origin, Content-Type). */
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchResponse {
  status: number;
  body: string;
}

/**
 * One unit of work a connection runs from start to end: a player's requests in order. `next` gets
 * the previous response (null before the first request) and returns the next request, or null
 * when the job is done.
 */
export interface BenchJob {
  next(previous: BenchResponse | null): BenchRequest | null;
}

export type TransportName = 'node-http' | 'raw';

export interface LoadOptions {
  port: number;
  transport: TransportName;
  connections: number;
  durationMs: number;
  /** Hands out jobs until it returns null (pool exhausted) or the time is up. */
  nextJob(): BenchJob | null;
  /** Open a fresh connection on a new source address after this many requests on one. */
  requestsPerAddress: number;
  sourceAddress(): string;
}

export interface LoadResult {
  requests: number;
  /** Responses with an unexpected status (the job decides) or failed connections. */
  errors: number;
  elapsedMs: number;
  latenciesMs: Float64Array;
  /** Why jobs ran out before the time was up, if they did. */
  exhausted: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Parses one HTTP/1.1 response from the front of `buffer`: its status, body and length, or null if incomplete. */
const parseResponse = (buffer: Buffer): { status: number; body: string; length: number } | null => {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headerEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    if (buffer.length < end) return null;
    return { status, body: buffer.toString('utf8', bodyStart, end), length: end };
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      const chunkStart = lineEnd + 2;
      if (buffer.length < chunkStart + size + 2) return null;
      if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8'), length: chunkStart + 2 };
      parts.push(buffer.subarray(chunkStart, chunkStart + size));
      at = chunkStart + size + 2;
    }
  }
  // No body framing (204, 304): the head is the whole response.
  return { status, body: '', length: bodyStart };
};

const encode = (request: BenchRequest): string => {
  const body = request.body ?? '';
  const length = request.method === 'POST' ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `${request.method} ${request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n${length}${headers}\r\n${body}`;
};

/** One keep-alive connection: sends a request and calls back with its response, or null if the connection failed. */
interface Transport {
  send(request: BenchRequest, done: (response: BenchResponse | null) => void): void;
  close(): void;
}

const rawTransport = (port: number, localAddress: string): Transport => {
  const socket: Socket = connect({ host: '127.0.0.1', port, localAddress });
  socket.setNoDelay(true);
  let buffer: Buffer = Buffer.alloc(0);
  let pending: ((response: BenchResponse | null) => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    const parsed = parseResponse(buffer);
    if (!parsed) return;
    buffer = buffer.subarray(parsed.length);
    const done = pending;
    pending = null;
    done?.({ status: parsed.status, body: parsed.body });
  });
  socket.on('error', () => undefined);
  let closed = false;
  socket.on('close', () => {
    closed = true;
    const done = pending;
    pending = null;
    done?.(null);
  });
  return {
    send(request, done) {
      if (closed) {
        queueMicrotask(() => done(null));
        return;
      }
      pending = done;
      socket.write(encode(request));
    },
    close: () => {
      pending = null;
      socket.destroy();
    },
  };
};

const nodeHttpTransport = (port: number, localAddress: string): Transport => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
  return {
    send(request, done) {
      const body = request.body ?? '';
      const headers: Record<string, string> = { ...request.headers };
      if (request.method === 'POST') headers['Content-Length'] = String(Buffer.byteLength(body));
      const req = httpRequest({ agent, host: '127.0.0.1', port, method: request.method, path: request.path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => done(null));
      });
      req.on('error', () => done(null));
      req.end(body);
    },
    close: () => agent.destroy(),
  };
};

/** Runs jobs on `connections` parallel connections for `durationMs`; every request's latency is recorded. */
export const runLoad = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((resolve) => {
    const latencies: number[] = [];
    let errors = 0;
    let exhausted = false;
    let running = 0;
    const start = performance.now();
    const deadline = start + options.durationMs;

    const finishOne = () => {
      running -= 1;
      if (running === 0) {
        resolve({
          requests: latencies.length,
          errors,
          elapsedMs: performance.now() - start,
          latenciesMs: Float64Array.from(latencies),
          exhausted,
        });
      }
    };

    const makeTransport = options.transport === 'raw' ? rawTransport : nodeHttpTransport;

    const runConnection = () => {
      let transport: Transport | null = null;
      let onAddress = 0;
      let job: BenchJob | null = null;

      const send = (request: BenchRequest) => {
        if (!transport || onAddress >= options.requestsPerAddress) {
          transport?.close();
          transport = makeTransport(options.port, options.sourceAddress());
          onAddress = 0;
        }
        onAddress += 1;
        const sentAt = performance.now();
        transport.send(request, (response) => {
          if (response) {
            latencies.push(performance.now() - sentAt);
            step(response);
            return;
          }
          // The connection failed mid-request: count it and go on with a new job on a new connection.
          errors += 1;
          transport = null;
          job = null;
          step(null);
        });
      };

      const step = (previous: BenchResponse | null) => {
        let request = job?.next(previous) ?? null;
        while (request === null) {
          job = performance.now() < deadline ? options.nextJob() : null;
          if (job === null) {
            if (performance.now() < deadline) exhausted = true;
            transport?.close();
            transport = null;
            finishOne();
            return;
          }
          request = job.next(null);
        }
        send(request);
      };

      running += 1;
      step(null);
    };

    for (let i = 0; i < options.connections; i += 1) runConnection();
  });

/** Counts an unexpected status as an error: jobs call it when a response is not what the step expects. */
export class ErrorTally {
  count = 0;
  readonly statuses = new Map<number, number>();
  note(status: number): void {
    this.count += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
}

/** The q-quantile (0…1) of the latencies, nearest rank. */
export const quantile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0);
