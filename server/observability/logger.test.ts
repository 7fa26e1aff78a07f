import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startServer, until } from '../../test/scale-out/server-process.ts';
import { pinoLogger } from './logger.ts';

/** A destination collecting the parsed lines. */
const collector = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
};

describe('pinoLogger', () => {
  it('censors secrets at the top level, one level down and in request headers, and keeps every other field', () => {
    const out = collector();
    const logger = pinoLogger('info', out.stream);
    logger.request({ requestId: 'r1', method: 'GET', route: '/api/game/today', status: 200, ms: 1.5 });
    logger.info('signed in', {
      token: 't0k3n',
      user: { id: 'u1', sessionToken: 's3ss10n', password: 'hunter2' },
      headers: { cookie: 'sid=abc', authorization: 'Bearer x', 'set-cookie': 'sid=def', accept: 'application/json' },
      databaseUrl: 'postgres://u:p@h/d',
    });
    logger.error('failed', new Error('boom'), { cookie: 'sid=abc', route: '/x' });

    expect(out.lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      requestId: 'r1',
      method: 'GET',
      route: '/api/game/today',
      status: 200,
      ms: 1.5,
    });
    expect(out.lines[1]).toMatchObject({
      msg: 'signed in',
      token: '[redacted]',
      user: { id: 'u1', sessionToken: '[redacted]', password: '[redacted]' },
      headers: {
        cookie: '[redacted]',
        authorization: '[redacted]',
        'set-cookie': '[redacted]',
        accept: 'application/json',
      },
      databaseUrl: '[redacted]',
    });
    expect(out.lines[2]).toMatchObject({
      level: 50,
      msg: 'failed',
      cookie: '[redacted]',
      route: '/x',
      err: { message: 'boom' },
    });
    expect(JSON.stringify(out.lines)).not.toMatch(/t0k3n|s3ss10n|hunter2|sid=|Bearer|u:p@/);
  });

  it('lets nothing through below its level', () => {
    const out = collector();
    const logger = pinoLogger('error', out.stream);
    logger.request({ requestId: 'r1', method: 'GET', route: '/x', status: 200, ms: 1 });
    logger.info('signed in', { route: '/x' });
    expect(out.lines).toEqual([]);
  });
});

describe('the server process', () => {
  it('has written the log line of every request, the last included, when SIGTERM has stopped it', async () => {
    const server = await startServer({ DATABASE_URL: 'sqlite::memory:' });
    const outputClosed = new Promise((resolve) => server.child.stdout?.once('close', resolve));
    await until(async () => (await fetch(`${server.url}/readyz`)).status === 200);
    // A burst, so lines are still buffered when the signal comes.
    const ids = Array.from({ length: 200 }, (_, i) => `burst-${i}`);
    await Promise.all(
      ids.map((id) =>
        fetch(`${server.url}/api/game/today`, { headers: { 'x-request-id': id } }).then((r) => r.arrayBuffer()),
      ),
    );
    const last = 'the-last-request';
    expect((await fetch(`${server.url}/api/game/today`, { headers: { 'x-request-id': last } })).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await outputClosed;
    const logged = server
      .logs()
      .filter((line) => line.msg === 'request')
      .map((line) => line.requestId);
    expect(logged).toEqual(expect.arrayContaining([...ids, last]));
    expect(server.logs().at(-1)?.msg).toBe('stopped');
  }, 40_000);
});

describe('LOG_LEVEL', () => {
  const levelsWritten = (level: 'debug' | 'info' | 'warn' | 'error') => {
    const out = collector();
    const logger = pinoLogger(level, out.stream);
    logger.debug('d', { route: '/x' });
    logger.info('i');
    logger.warn('w', { token: 'secret' });
    logger.error('e', new Error('boom'));
    return out.lines as { level: number; msg: string; token?: string }[];
  };

  it('writes debug 20, info 30, warn 40 and error 50 and drops the levels below the one set', () => {
    expect(levelsWritten('debug').map((l) => [l.level, l.msg])).toEqual([
      [20, 'd'],
      [30, 'i'],
      [40, 'w'],
      [50, 'e'],
    ]);
    expect(levelsWritten('info').map((l) => l.level)).toEqual([30, 40, 50]);
    expect(levelsWritten('warn').map((l) => l.level)).toEqual([40, 50]);
    expect(levelsWritten('error').map((l) => l.level)).toEqual([50]);
  });

  it('censors secrets at every level', () => {
    expect(levelsWritten('debug').find((l) => l.level === 40)?.token).toBe('[redacted]');
  });
});
