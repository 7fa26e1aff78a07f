import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('listens on loopback only with development sign-in, and HOST may not widen it', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000' }).host).toBe('::1');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    for (const wide of ['0.0.0.0', '::', '192.168.1.10', 'lowest.example']) {
      expect(problemsOf({ HOST: wide })).toEqual([expect.stringContaining(`HOST must be a loopback address`)]);
    }
    // Google sign-in: every interface unless HOST says otherwise.
    const google = { PUBLIC_URL: 'https://lowest.example', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google).host).toBeNull();
    expect(loadConfig({ ...google, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({}, { cwd: '/srv/app' });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:./data/lowest.db',
      publicUrl: 'http://localhost:3000',
      authMode: 'dev',
      google: null,
      adminEmails: [],
      sessionDays: 30,
      game: {
        closeTime: '10:00',
        closeZone: 'Australia/Brisbane',
        dateZone: 'America/New_York',
        currency: 'USD',
        integrityKey: null,
      },
      webRoot: '/srv/app/dist/web',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db/lowest',
      PUBLIC_URL: 'https://lowest.example/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com,',
      GAME_CLOSE: '18:30 Europe/London',
      GAME_DATE_ZONE: 'Europe/Paris',
      CURRENCY: 'EUR',
      SESSION_DAYS: '7',
      INTEGRITY_KEY: 'k'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db/lowest',
      publicUrl: 'https://lowest.example',
      authMode: 'google',
      google: { clientId: 'id', clientSecret: 'secret' },
      adminEmails: ['boss@example.com', 'ops@example.com'],
      sessionDays: 7,
      game: {
        closeTime: '18:30',
        closeZone: 'Europe/London',
        dateZone: 'Europe/Paris',
        currency: 'EUR',
        integrityKey: 'k'.repeat(32),
      },
    });
  });

  it('refuses an INTEGRITY_KEY under 32 characters, naming it; a blank one is unset', () => {
    expect(problemsOf({ INTEGRITY_KEY: 'short-secret' })).toEqual([
      'INTEGRITY_KEY must be at least 32 characters (a random secret)',
    ]);
    expect(problemsOf({ INTEGRITY_KEY: ` ${'k'.repeat(31)} ` })).toHaveLength(1);
    expect(loadConfig({ INTEGRITY_KEY: '  ' }).game.integrityKey).toBeNull();
  });

  it('takes RECEIPT_SIGNING_KEY as an Ed25519 private key and refuses anything else, naming it', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const ed25519 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(loadConfig({ RECEIPT_SIGNING_KEY: ed25519 }).game.receiptSigningKey).toBe(ed25519);
    expect(loadConfig({}).game.receiptSigningKey).toBeNull();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64');
    for (const bad of ['not-a-key', Buffer.from('nonsense').toString('base64'), rsa]) {
      expect(problemsOf({ RECEIPT_SIGNING_KEY: bad })).toEqual([
        'RECEIPT_SIGNING_KEY must be an Ed25519 private key (PKCS#8 DER, base64)',
      ]);
    }
  });

  const devRefusal = (publicUrl: string) =>
    `Development sign-in is only allowed when PUBLIC_URL is a loopback address (localhost, 127.0.0.0/8 or [::1]); PUBLIC_URL is ${publicUrl}: ` +
    'configure Google sign-in (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) or use a loopback PUBLIC_URL';

  it('refuses development sign-in on a public PUBLIC_URL, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'production', 'prod', 'staging', 'development']) {
      const env = {
        PUBLIC_URL: 'https://lowest.example',
        ADMIN_EMAILS: 'boss@lowest.example',
        ...(NODE_ENV && { NODE_ENV }),
      };
      expect(problemsOf(env)).toEqual([devRefusal('https://lowest.example')]);
    }
    // An explicit AUTH_MODE=dev is refused too, even with Google configured.
    expect(
      problemsOf({
        PUBLIC_URL: 'http://192.168.1.20:3000',
        AUTH_MODE: 'dev',
        GOOGLE_CLIENT_ID: 'a',
        GOOGLE_CLIENT_SECRET: 'b',
      }),
    ).toEqual([devRefusal('http://192.168.1.20:3000')]);
    // A look-alike host is not loopback.
    expect(problemsOf({ PUBLIC_URL: 'http://localhost.evil.example' })).toEqual([
      devRefusal('http://localhost.evil.example'),
    ]);
    expect(problemsOf({ PUBLIC_URL: 'http://127.0.0.1.evil.example' })).toEqual([
      devRefusal('http://127.0.0.1.evil.example'),
    ]);
  });

  it('allows development sign-in on every loopback PUBLIC_URL, even with NODE_ENV=production', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.42.0.9',
      'http://[::1]:3000',
      'https://LOCALHOST',
    ]) {
      expect(loadConfig({ PUBLIC_URL: url, NODE_ENV: 'production' }).authMode).toBe('dev');
    }
    expect(
      loadConfig({ PUBLIC_URL: 'https://lowest.example', GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b' }).authMode,
    ).toBe('google');
  });

  it('reports one clear message per bad value, all at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'localhost',
      GAME_CLOSE: '25:00 Australia/Brisbane',
      GAME_DATE_ZONE: 'Mars/Olympus',
      CURRENCY: 'dollars',
      SESSION_DAYS: '0',
      AUTH_MODE: 'magic',
    });
    expect(problems).toEqual([
      'PORT must be a whole number',
      'DATABASE_URL must be sqlite:PATH, sqlite::memory: or postgres://…',
      'PUBLIC_URL must be an http(s) URL such as https://lowest.example',
      'AUTH_MODE must be google or dev',
      "GAME_CLOSE must look like '10:00 Australia/Brisbane' (HH:MM Zone)",
      'GAME_DATE_ZONE is not a known IANA time zone',
      'CURRENCY must be a 3-letter ISO 4217 code such as USD',
      'SESSION_DAYS must be between 1 and 3650',
    ]);
  });

  it('validates the zone of GAME_CLOSE with Intl', () => {
    expect(problemsOf({ GAME_CLOSE: '10:00 Nowhere/Land' })).toEqual(['GAME_CLOSE names an unknown time zone']);
  });

  it('needs both Google credentials for Google sign-in', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'only-id' })).toContain(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
    expect(problemsOf({ AUTH_MODE: 'google' })).toEqual([
      'AUTH_MODE=google needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    ]);
  });

  it('accepts sqlite in memory and a dev override with Google configured', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
    expect(loadConfig({ AUTH_MODE: 'dev', GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b' }).authMode).toBe('dev');
  });
});

describe('loadConfig: operations settings (DESIGN.md §3, §14)', () => {
  it('defaults to no trusted proxy, info logs, open metrics, a 30 s grace and 10 connections', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: 0,
      logLevel: 'info',
      metricsToken: null,
      shutdownGraceSeconds: 30,
      pgPoolSize: 10,
    });
  });

  it('reads TRUST_PROXY, LOG_LEVEL, METRICS_TOKEN, SHUTDOWN_GRACE_SECONDS and PG_POOL_SIZE', () => {
    const config = loadConfig({
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: 's3cret',
      SHUTDOWN_GRACE_SECONDS: '5',
      PG_POOL_SIZE: '25',
    });
    expect(config).toMatchObject({
      trustProxy: 2,
      logLevel: 'warn',
      metricsToken: 's3cret',
      shutdownGraceSeconds: 5,
      pgPoolSize: 25,
    });
  });

  it('names each bad operations value', () => {
    expect(
      problemsOf({ TRUST_PROXY: 'yes', LOG_LEVEL: 'loud', SHUTDOWN_GRACE_SECONDS: '0', PG_POOL_SIZE: '0' }),
    ).toEqual([
      'TRUST_PROXY must be a whole number',
      'LOG_LEVEL must be debug, info, warn or error',
      'SHUTDOWN_GRACE_SECONDS must be between 1 and 3600',
      'PG_POOL_SIZE must be between 1 and 1000',
    ]);
  });
});

describe('loadConfig: mail', () => {
  it('without SMTP_URL mails wait; MAIL_FROM defaults to no-reply at the PUBLIC_URL host; links use PUBLIC_URL', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'LOWEST UNIQUE <no-reply@localhost>',
      reminderMinutes: 120,
    });
    const config = loadConfig({
      PUBLIC_URL: 'https://lowest.example/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.mail.from).toBe('LOWEST UNIQUE <no-reply@lowest.example>');
    expect(config.game.publicUrl).toBe('https://lowest.example');
  });

  it('reads SMTP_URL and MAIL_FROM', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pw@mail.example:465',
      MAIL_FROM: 'Lowest <games@lowest.example>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example:465',
      from: 'Lowest <games@lowest.example>',
      reminderMinutes: 120,
    });
    expect(loadConfig({ MAIL_FROM: 'games@lowest.example' }).mail.from).toBe('games@lowest.example');
  });

  it('names the bad variable', () => {
    expect(problemsOf({ SMTP_URL: 'mail.example:25', MAIL_FROM: 'nobody' })).toEqual([
      'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465',
      'MAIL_FROM must be an address, or a name and <address>',
    ]);
    expect(problemsOf({ SMTP_URL: 'http://mail.example' })).toHaveLength(1);
  });

  it('REMINDER_MINUTES: minutes before the deadline, 120 unless set, a whole number under a day', () => {
    expect(loadConfig({ REMINDER_MINUTES: '45' }).mail.reminderMinutes).toBe(45);
    expect(problemsOf({ REMINDER_MINUTES: 'two hours' })).toEqual(['REMINDER_MINUTES must be a whole number']);
    expect(problemsOf({ REMINDER_MINUTES: '0' })).toEqual(['REMINDER_MINUTES must be between 1 and 1439']);
    expect(problemsOf({ REMINDER_MINUTES: '1440' })).toEqual(['REMINDER_MINUTES must be between 1 and 1439']);
  });
});
