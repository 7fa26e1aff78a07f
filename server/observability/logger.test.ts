import { Writable } from 'node:stream';
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
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

describe('LOG_LEVEL', () => {
  const levelsWritten = (level: 'debug' | 'info' | 'warn' | 'error') => {
    const out = collector();
    const logger = pinoLogger(level, out.stream);
    logger.debug('d', { route: '/x' });
    logger.info('i');
    logger.warn('w', { token: 'secret' });
    logger.error('e', new Error('boom'));
    return out.lines.map((line) => JSON.parse(line) as { level: number; msg: string; token?: string });
  };

  it('writes debug 20, info 30, warn 40 and error 50 and drops the levels below the one set', () => {
    expect(levelsWritten('debug').map((l) => [l.level, l.msg])).toEqual([[20, 'd'], [30, 'i'], [40, 'w'], [50, 'e']]);
    expect(levelsWritten('info').map((l) => l.level)).toEqual([30, 40, 50]);
    expect(levelsWritten('warn').map((l) => l.level)).toEqual([40, 50]);
    expect(levelsWritten('error').map((l) => l.level)).toEqual([50]);
  });

  it('censors secrets at every level', () => {
    expect(levelsWritten('debug').find((l) => l.level === 40)?.token).toBe('[redacted]');
  });
});
