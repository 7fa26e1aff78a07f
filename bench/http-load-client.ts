// The Node side of bench:http's load, for the one scenario wrk cannot drive: the deadline rush, where each
// player's requests go in order and one depends on the answer to the one before (a wrk script sees responses
// without knowing which request they answer). Keep-alive node:http connections, one job at a time on each.
import { Agent, request as httpRequest } from 'node:http';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Extra headers (Cookie, Origin, Content-Type, X-Forwarded-For). */
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

export interface LoadOptions {
  port: number;
  connections: number;
  durationMs: number;
  /** Hands out jobs until it returns null (pool exhausted) or the time is up. */
  nextJob(): BenchJob | null;
}

export interface LoadResult {
  requests: number;
  /** Failed connections (a job counts its own unexpected answers). */
  errors: number;
  elapsedMs: number;
  latenciesMs: Float64Array;
  /** Why jobs ran out before the time was up, if they did. */
  exhausted: boolean;
}

const send = (
  agent: Agent,
  port: number,
  request: BenchRequest,
  done: (response: BenchResponse | null) => void,
): void => {
  const body = request.body ?? '';
  const headers: Record<string, string> = { ...request.headers };
  if (request.method === 'POST') headers['Content-Length'] = String(Buffer.byteLength(body));
  const req = httpRequest(
    { agent, host: '127.0.0.1', port, method: request.method, path: request.path, headers },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      res.on('error', () => done(null));
    },
  );
  req.on('error', () => done(null));
  req.end(body);
};

/** Runs jobs on `connections` parallel connections for `durationMs`; every request's latency is recorded. */
export const runLoad = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((resolve) => {
    const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
    const latencies: number[] = [];
    let errors = 0;
    let exhausted = false;
    let running = options.connections;
    const start = performance.now();
    const deadline = start + options.durationMs;

    const runConnection = () => {
      let job: BenchJob | null = null;
      const step = (previous: BenchResponse | null) => {
        let request = job?.next(previous) ?? null;
        while (request === null) {
          job = performance.now() < deadline ? options.nextJob() : null;
          if (job === null) {
            if (performance.now() < deadline) exhausted = true;
            running -= 1;
            if (running === 0) {
              agent.destroy();
              resolve({
                requests: latencies.length,
                errors,
                elapsedMs: performance.now() - start,
                latenciesMs: Float64Array.from(latencies),
                exhausted,
              });
            }
            return;
          }
          request = job.next(null);
        }
        const sentAt = performance.now();
        send(agent, options.port, request, (response) => {
          if (response) {
            latencies.push(performance.now() - sentAt);
            step(response);
            return;
          }
          // The request failed: count it and go on with a new job.
          errors += 1;
          job = null;
          step(null);
        });
      };
      step(null);
    };

    for (let i = 0; i < options.connections; i += 1) runConnection();
  });
