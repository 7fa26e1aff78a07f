// The mail settings of loadConfig (DESIGN.md §15), apart from config.test.ts so the two grow independently.
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

describe('loadConfig: mail', () => {
  it('without SMTP_URL mails wait; MAIL_FROM defaults to no-reply at the PUBLIC_URL host; links use PUBLIC_URL', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: 'LOWEST UNIQUE <no-reply@localhost>' });
    const config = loadConfig({ PUBLIC_URL: 'https://lowest.example/', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.mail.from).toBe('LOWEST UNIQUE <no-reply@lowest.example>');
    expect(config.game.publicUrl).toBe('https://lowest.example');
  });

  it('reads SMTP_URL and MAIL_FROM', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465', MAIL_FROM: 'Lowest <games@lowest.example>' });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pw@mail.example:465', from: 'Lowest <games@lowest.example>' });
    expect(loadConfig({ MAIL_FROM: 'games@lowest.example' }).mail.from).toBe('games@lowest.example');
  });

  it('names the bad variable', () => {
    expect(problemsOf({ SMTP_URL: 'mail.example:25', MAIL_FROM: 'nobody' })).toEqual([
      'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465',
      'MAIL_FROM must be an address, or a name and <address>',
    ]);
    expect(problemsOf({ SMTP_URL: 'http://mail.example' })).toHaveLength(1);
  });
});
