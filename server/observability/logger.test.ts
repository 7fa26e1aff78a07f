import { Writable } from 'node:stream';
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startServer, until } from '../../test/scale-out/server-process.ts';
import type { LogFields } from '../app-env.ts';
import { isPlainOfSecrets, pinoLogger, REDACTED_PATHS } from './logger.ts';

/** A destination collecting lines, with the time taken out (two loggers never write in the same millisecond). */
const collector = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8').replace(/"time":"[^"]*"/, '"time":"T"'));
      done();
    },
  });
  return { lines, stream };
};

const KEYS = ['route', 'status', 'ms', 'token', 'password', 'cookie', 'headers', 'sessionToken', 'databaseUrl', 'user', 'params'];
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(fc.string(), fc.integer(), fc.dictionary(fc.constantFrom(...KEYS), fc.string()))),
);
const fields: fc.Arbitrary<LogFields> = fc.dictionary(fc.constantFrom(...KEYS), value);

describe('pinoLogger', () => {
  it('writes every info line as a logger that always redacts would', () => {
    fc.assert(
      fc.property(fields, (given) => {
        const ours = collector();
        const reference = collector();
        pinoLogger('info', ours.stream).info('line', given);
        pino({ level: 'info', base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, reference.stream).info(
          given,
          'line',
        );
        expect(ours.lines).toEqual(reference.lines);
      }),
      { numRuns: 300 },
    );
  });

  it('skips redaction only for flat fields that name no secret', () => {
    expect(isPlainOfSecrets({ requestId: 'r', method: 'GET', route: '/api/game/today', status: 200, ms: 1.2 })).toBe(true);
    expect(isPlainOfSecrets({ route: '/x', token: 'abc' })).toBe(false);
    expect(isPlainOfSecrets({ route: '/x', headers: 'cookie: sid=abc' })).toBe(false);
    expect(isPlainOfSecrets({ route: '/x', params: { id: '1' } })).toBe(false);
  });
});

describe('the server process', () => {
  it('has written the log line of every request, the last included, when SIGTERM has stopped it', async () => {
    const server = await startServer({ DATABASE_URL: 'sqlite::memory:' });
    const outputClosed = new Promise((resolve) => server.child.stdout?.once('close', resolve));
    await until(async () => (await fetch(`${server.url}/readyz`)).status === 200);
    // A burst, so lines are still buffered when the signal comes.
    const ids = Array.from({ length: 200 }, (_, i) => `burst-${i}`);
    await Promise.all(ids.map((id) => fetch(`${server.url}/api/game/today`, { headers: { 'x-request-id': id } }).then((r) => r.arrayBuffer())));
    const last = 'the-last-request';
    expect((await fetch(`${server.url}/api/game/today`, { headers: { 'x-request-id': last } })).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await outputClosed;
    const logged = server.logs().filter((line) => line.msg === 'request').map((line) => line.requestId);
    expect(logged).toEqual(expect.arrayContaining([...ids, last]));
    expect(server.logs().at(-1)?.msg).toBe('stopped');
  }, 40_000);
});
