import { createPublicKey } from 'node:crypto';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (fallback: string) => z.string().trim().url('must be a URL such as https://example.com').default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number (1-65535)' }).int('must be a port number (1-65535)').min(1, 'must be a port number (1-65535)').max(65535, 'must be a port number (1-65535)').default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with postgres:// (leave it empty to use the embedded SQLite database)',
    }),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
      .default('public'),
    REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
      message: 'must start with redis:// or rediss://',
    }),
    PUBLIC_URL: optionalText.pipe(z.string().url('must be a URL such as https://example.com').optional()),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(100_000).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DISCORD_CLIENT_ID: optionalText,
    DISCORD_CLIENT_SECRET: optionalText,
    DISCORD_AUTHORIZE_URL: url('https://discord.com/oauth2/authorize'),
    DISCORD_API_BASE: url('https://discord.com/api/v10'),
    DISCORD_CDN_BASE: url('https://cdn.discordapp.com'),
    KICK_CLIENT_ID: optionalText,
    KICK_CLIENT_SECRET: optionalText,
    KICK_ID_BASE: url('https://id.kick.com'),
    KICK_API_BASE: url('https://api.kick.com'),
    KICK_WEB_BASE: url('https://kick.com'),
    KICK_WEBHOOK_PUBLIC_KEY: optionalText
      .transform((value) => value?.replace(/\\n/g, '\n'))
      .refine((value) => value === undefined || isPublicKey(value), {
        message: 'must be a PEM public key (-----BEGIN PUBLIC KEY----- ...); leave it empty to use the key Kick publishes',
      }),
    SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]+/.test(v), {
      message: 'must start with smtp:// or smtps://, e.g. smtps://user:password@smtp.example.com:465',
    }),
    SMTP_FROM: optionalText.pipe(z.email('must be an email address such as site@example.com').optional()),
    CONTACT_EMAIL_TO: optionalText.pipe(z.email('must be an email address such as support@example.com').optional()),
    CAPTCHA_FIXED_ANSWER: optionalText.pipe(z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'must be 1 to 10 letters or digits').optional()),
  });

function isPublicKey(pem: string) {
  try {
    createPublicKey(pem);
    return true;
  } catch {
    return false;
  }
}

/** The key Kick signs webhooks with, as published at GET /public/v1/public-key (research/integrations.md §2.8). */
export const KICK_PUBLISHED_WEBHOOK_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAq/+l1WnlRrGSolDMA+A8
6rAhMbQGmQ2SapVcGM3zq8ANXjnhDWocMqfWcTd95btDydITa10kDvHzw9WQOqp2
MZI7ZyrfzJuz5nhTPCiJwTwnEtWft7nV14BYRDHvlfqPUaZ+1KR4OCaO/wWIk/rQ
L/TjY0M70gse8rlBkbo2a8rKhu69RQTRsoaf4DVhDPEeSeI5jVrRDGAMGL3cGuyY
6CLKGdjVEM78g3JfYOvDU/RvfqD7L89TZ3iN94jrmWdGz34JNlEI5hqK8dd7C5EF
BEbZ5jgB8s8ReQV8H+MkuffjdAj3ajDDX3DOJMIut1lBrUVD1AaSrGCKHooWoL2e
twIDAQAB
-----END PUBLIC KEY-----`;

/** Rules across variables, checked on the raw values so they are reported together with every other problem. */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(source[name]?.trim());
  const problems: string[] = [];
  if (set('DISCORD_CLIENT_ID') !== set('DISCORD_CLIENT_SECRET')) {
    problems.push('DISCORD_CLIENT_SECRET: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together');
  }
  if (set('KICK_CLIENT_ID') !== set('KICK_CLIENT_SECRET')) {
    problems.push('KICK_CLIENT_SECRET: KICK_CLIENT_ID and KICK_CLIENT_SECRET must be set together');
  }
  if (set('SMTP_URL') !== set('CONTACT_EMAIL_TO')) {
    problems.push('CONTACT_EMAIL_TO: SMTP_URL and CONTACT_EMAIL_TO must be set together (staff get contact messages by email)');
  }
  if (set('CAPTCHA_FIXED_ANSWER') && source.NODE_ENV !== 'test') {
    problems.push('CAPTCHA_FIXED_ANSWER: is only for the end-to-end tests (NODE_ENV=test); it would let anyone past the captcha');
  }
  if (source.NODE_ENV === 'production') {
    if (!set('DISCORD_CLIENT_ID')) problems.push('DISCORD_CLIENT_ID: is required in production (members sign in with Discord)');
    if (!set('SESSION_SECRET')) problems.push('SESSION_SECRET: is required in production');
    if (!set('PUBLIC_URL')) problems.push('PUBLIC_URL: is required in production');
  }
  return problems;
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  redisUrl: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  sessionSecret: string | undefined;
  trustProxy: boolean;
  /** Whether a partner's address may be on this machine or a private network. */
  wagerSourcesPrivateAddresses: boolean;
  logLevel: string;
  /** Sign-in attempts per client address per minute (login, OAuth callback, local sign-in). */
  signInLimitPerMinute: number;
  /** Local sign-in (name + role form) instead of Discord: only without Discord credentials and outside production. */
  localAuth: boolean;
  discord: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    authorizeUrl: string;
    apiBase: string;
    cdnBase: string;
  };
  kick: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    idBase: string;
    apiBase: string;
    webBase: string;
    /** Verifies POST /webhooks/kick deliveries. */
    webhookPublicKey: string;
  };
  /** Contact messages are also emailed to staff when SMTP is set up (decision 022); null: inbox only. */
  mail: { smtpUrl: string; from: string; contactTo: string } | null;
  /** Test runs only (NODE_ENV=test, enforced above): every captcha's text, so browser tests can answer it. */
  captchaFixedAnswer: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const trimSlash = (value: string) => value.replace(/\/+$/, '');

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...crossFieldProblems(source),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseSchema: env.DATABASE_SCHEMA,
    redisUrl: env.REDIS_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    sessionSecret: env.SESSION_SECRET,
    trustProxy: env.TRUST_PROXY === 'true',
    // Production syncs public partner addresses only; development and the tests run fake partners on this machine.
    wagerSourcesPrivateAddresses: (env.WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES ?? String(env.NODE_ENV !== 'production')) === 'true',
    logLevel: env.LOG_LEVEL,
    signInLimitPerMinute: env.SIGN_IN_LIMIT_PER_MINUTE,
    localAuth: !env.DISCORD_CLIENT_ID && env.NODE_ENV !== 'production',
    discord: {
      clientId: env.DISCORD_CLIENT_ID,
      clientSecret: env.DISCORD_CLIENT_SECRET,
      authorizeUrl: env.DISCORD_AUTHORIZE_URL,
      apiBase: trimSlash(env.DISCORD_API_BASE),
      cdnBase: trimSlash(env.DISCORD_CDN_BASE),
    },
    kick: {
      clientId: env.KICK_CLIENT_ID,
      clientSecret: env.KICK_CLIENT_SECRET,
      idBase: trimSlash(env.KICK_ID_BASE),
      apiBase: trimSlash(env.KICK_API_BASE),
      webBase: trimSlash(env.KICK_WEB_BASE),
      webhookPublicKey: env.KICK_WEBHOOK_PUBLIC_KEY ?? KICK_PUBLISHED_WEBHOOK_KEY,
    },
    mail:
      env.SMTP_URL && env.CONTACT_EMAIL_TO
        ? { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM ?? env.CONTACT_EMAIL_TO, contactTo: env.CONTACT_EMAIL_TO }
        : null,
    captchaFixedAnswer: env.CAPTCHA_FIXED_ANSWER,
  };
}
