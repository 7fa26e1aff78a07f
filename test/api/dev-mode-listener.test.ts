// A server started without Google settings and without PUBLIC_URL (whatever NODE_ENV says) offers development
// sign-in: it must be reachable from this machine only, and only through its loopback PUBLIC_URL.
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../scale-out/server-process.ts';

let server: ServerProcess | null = null;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  server = null;
});

const post = (port: number, host: string, body: unknown): Promise<{ status: number; body: unknown }> =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/auth/dev',
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

/** Whether a TCP connection to the address is accepted. */
const accepts = (address: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('development sign-in mode', () => {
  it('listens on loopback only and refuses /auth/dev addressed to another host', async () => {
    server = await startServer({
      NODE_ENV: 'production',
      ADMIN_EMAILS: 'boss@lowest.example',
      DATABASE_URL: 'sqlite::memory:',
    });
    const listening = server.logs().find((line) => line.msg === 'listening');
    expect(listening).toMatchObject({ address: '127.0.0.1', authMode: 'dev' });
    await server.waitForLog((line) => line.msg === 'ready');
    const outward = Object.values(networkInterfaces())
      .flat()
      .filter((net) => net !== undefined && !net.internal && net.family === 'IPv4');
    for (const net of outward) expect(await accepts(net!.address, server.port)).toBe(false);

    const boss = { email: 'boss@lowest.example', displayName: 'Boss' };
    expect(await post(server.port, 'lowest.example', boss)).toEqual({
      status: 403,
      body: {
        error: expect.stringContaining('Development sign-in answers only requests to http://localhost:'),
        code: 'FORBIDDEN',
      },
    });
  }, 40_000);
});
