// A small reverse proxy for the scale-out test: round-robin over the upstreams, keep-alive
// connections to them, X-Forwarded-For appended like nginx does. A refused connection means the
// request never reached that instance, so it goes to the next one; any other upstream error after
// the request was sent is a lost request, answered 502 and recorded.
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  readonly url: string;
  readonly origin: string;
  upstreams: Upstream[];
  /** Upstream errors after sending (resets, hang-ups): lost requests. */
  readonly lost: { upstream: string; code: string }[];
  /** Requests each upstream answered. */
  readonly answered: Map<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

const forwardable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

export const startProxy = async (upstreams: Upstream[]): Promise<RoundRobinProxy> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const lost: { upstream: string; code: string }[] = [];
  const answered = new Map<string, number>();
  let next = 0;
  const proxy: RoundRobinProxy = { url: '', origin: '', upstreams, lost, answered, close: async () => undefined };

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
      const first = next++;
      const attempt = (tried: number) => {
        const upstream = proxy.upstreams[(first + tried) % proxy.upstreams.length];
        if (!upstream || tried === proxy.upstreams.length) {
          outgoing.writeHead(503).end('no upstream');
          return;
        }
        const sent = request(
          {
            agent,
            host: '127.0.0.1',
            port: upstream.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...forwardable(incoming.headers), 'x-forwarded-for': forwardedFor, 'content-length': String(body.length) },
          },
          (response) => {
            answered.set(upstream.name, (answered.get(upstream.name) ?? 0) + 1);
            outgoing.writeHead(response.statusCode ?? 502, { ...forwardable(response.headers), 'x-upstream': upstream.name });
            response.pipe(outgoing);
          },
        );
        sent.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') {
            attempt(tried + 1);
            return;
          }
          lost.push({ upstream: upstream.name, code: error.code ?? error.message });
          if (!outgoing.headersSent) outgoing.writeHead(502).end('upstream failed');
        });
        sent.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return proxy;
};
