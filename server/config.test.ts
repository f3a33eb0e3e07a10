import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, KICK_PUBLISHED_WEBHOOK_KEY, loadConfig } from './config';

describe('configuration', () => {
  it('runs on defaults: port 3000, ./data, SQLite, local sign-in', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      localAuth: true,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      signInLimitPerMinute: 10,
    });
  });

  it('turns local sign-in off with Discord credentials, and in production', () => {
    expect(loadConfig({ DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's' }).localAuth).toBe(false);
    const production = loadConfig({
      NODE_ENV: 'production',
      DISCORD_CLIENT_ID: '1',
      DISCORD_CLIENT_SECRET: 's',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://community.example/',
    });
    expect(production).toMatchObject({ localAuth: false, publicUrl: 'https://community.example', secureCookies: true });
  });

  it('syncs partners on private networks only outside production, unless told otherwise', () => {
    const production = { NODE_ENV: 'production', DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://community.example' };
    expect(loadConfig({}).wagerSourcesPrivateAddresses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).wagerSourcesPrivateAddresses).toBe(true);
    expect(loadConfig(production).wagerSourcesPrivateAddresses).toBe(false);
    expect(loadConfig({ ...production, WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES: 'true' }).wagerSourcesPrivateAddresses).toBe(true);
    expect(loadConfig({ WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES: 'false' }).wagerSourcesPrivateAddresses).toBe(false);
    expect(() => loadConfig({ WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(/WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES: must be true or false/);
  });

  it('lists every problem in one readable error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        DISCORD_CLIENT_ID: 'only-the-id',
        SESSION_SECRET: 'short',
        PUBLIC_URL: 'not a url',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a port number (1-65535)',
        'DATABASE_URL: must start with postgres:// (leave it empty to use the embedded SQLite database)',
        'DISCORD_CLIENT_SECRET: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together',
        'SESSION_SECRET: must be at least 32 characters',
        'PUBLIC_URL: must be a URL such as https://example.com',
      ]),
    );
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
  });

  it('names what production needs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DISCORD_CLIENT_ID: is required in production[\s\S]*SESSION_SECRET: is required in production[\s\S]*PUBLIC_URL: is required in production/,
    );
  });

  it('treats empty variables as unset (as an .env copied from .env.example leaves them)', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      localAuth: true,
    });
  });

  it('verifies Kick webhooks with the published key unless another PEM key is given, with \\n escapes as one line', () => {
    expect(loadConfig({}).kick.webhookPublicKey).toBe(KICK_PUBLISHED_WEBHOOK_KEY);
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(loadConfig({ KICK_WEBHOOK_PUBLIC_KEY: pem.trim().replace(/\n/g, '\\n') }).kick.webhookPublicKey).toBe(pem.trim());
    expect(() => loadConfig({ KICK_WEBHOOK_PUBLIC_KEY: 'not a key' })).toThrow(/KICK_WEBHOOK_PUBLIC_KEY: must be a PEM public key/);
  });

  it('emails contact messages only with SMTP_URL and CONTACT_EMAIL_TO together; SMTP_FROM defaults to the recipient', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: ' ', CONTACT_EMAIL_TO: '' }).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465', CONTACT_EMAIL_TO: 'support@example.com' }).mail).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'support@example.com',
      contactTo: 'support@example.com',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_EMAIL_TO: 'support@example.com', SMTP_FROM: 'site@example.com' }).mail?.from).toBe('site@example.com');
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/CONTACT_EMAIL_TO: SMTP_URL and CONTACT_EMAIL_TO must be set together/);
    expect(() => loadConfig({ CONTACT_EMAIL_TO: 'support@example.com' })).toThrow(/CONTACT_EMAIL_TO: SMTP_URL and CONTACT_EMAIL_TO must be set together/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', CONTACT_EMAIL_TO: 'support@example.com' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1', CONTACT_EMAIL_TO: 'support' })).toThrow(/CONTACT_EMAIL_TO: must be an email address/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1', CONTACT_EMAIL_TO: 'a@example.com', SMTP_FROM: 'me' })).toThrow(/SMTP_FROM: must be an email address/);
  });

  it('takes a fixed captcha answer only in test runs (NODE_ENV=test), never in development or production', () => {
    expect(loadConfig({}).captchaFixedAnswer).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_ANSWER: 'Hk7Rw' }).captchaFixedAnswer).toBe('Hk7Rw');
    expect(() => loadConfig({ CAPTCHA_FIXED_ANSWER: 'Hk7Rw' })).toThrow(/CAPTCHA_FIXED_ANSWER: is only for the end-to-end tests \(NODE_ENV=test\)/);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED_ANSWER: 'Hk7Rw' })).toThrow(/CAPTCHA_FIXED_ANSWER: is only for the end-to-end tests/);
    expect(() => loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_ANSWER: 'has space' })).toThrow(/CAPTCHA_FIXED_ANSWER: must be 1 to 10 letters or digits/);
  });
});
