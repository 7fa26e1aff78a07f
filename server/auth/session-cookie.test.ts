// The session cookie re-issued on every signed-in read is built from attributes serialized once per configuration:
// it must stay exactly what hono's generateCookie makes for the same options.
import { generateCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { refreshedSessionCookie, SESSION_COOKIE } from './session-cookie.ts';

/** A loaded configuration with the public URL swapped in (dev sign-in, which loading needs here, runs on loopback only). */
const configFor = (publicUrl: string, sessionDays: string) => ({
  ...loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', SESSION_DAYS: sessionDays, AUTH_MODE: 'dev' }),
  publicUrl,
});

describe('refreshedSessionCookie', () => {
  it.each([
    ['http://127.0.0.1:3000', '30', { secure: false, maxAge: 30 * 86_400 }],
    ['https://lowest.example', '2', { secure: true, maxAge: 2 * 86_400 }],
  ])('equals generateCookie for %s with %s days', (publicUrl, days, { secure, maxAge }) => {
    const config = configFor(publicUrl, days);
    for (const token of ['a'.repeat(64), '0f'.repeat(32), 'needs encoding;=']) {
      expect(refreshedSessionCookie(config, token)).toBe(
        generateCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge }),
      );
    }
  });

  it('keeps configurations apart', () => {
    const short = configFor('http://127.0.0.1:3000', '1');
    const long = configFor('http://127.0.0.1:3000', '90');
    expect(refreshedSessionCookie(short, 't')).toContain('Max-Age=86400;');
    expect(refreshedSessionCookie(long, 't')).toContain(`Max-Age=${90 * 86_400};`);
    // Asked again after the other configuration: each keeps its own attributes.
    expect(refreshedSessionCookie(short, 't')).toContain('Max-Age=86400;');
  });
});
