import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { ContactInput } from '../../../common/contracts/contact';
import type { Executor } from '../../db/types';
import type { TestClient } from '../../test/client';

/*
 * For contact tests: the form sent through the real API (a fresh captcha each time, from its own client
 * address so the per-address limit is the test's choice), messages written straight into the inbox, and
 * a local SMTP server that keeps what it receives.
 */

/** Every captcha of a test app built with this env has this answer (config.captchaFixedAnswer, NODE_ENV=test). */
export const CAPTCHA_ANSWER = 'Hk7Rw';
export const FIXED_CAPTCHA_ENV = { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER };

let addresses = 0;
/** A client address no other request of the run has used (the per-address limit counts per address). */
export const freshAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

let made = 0;
/** A form that passes every rule, with a unique email address (the per-email limit counts per address). */
export function contactForm(overrides: Partial<ContactInput> = {}): Omit<ContactInput, 'captcha_token'> {
  made += 1;
  return { name: 'Ada Lovelace', email: `ada${made}.${Date.now() % 100_000}@example.com`, subject: 'A question', message: 'Hello, how do raffles work?', captcha_answer: CAPTCHA_ANSWER, ...overrides };
}

export async function newCaptcha(client: TestClient, remoteAddress = freshAddress()): Promise<string> {
  const response = await client.get('/api/r/captcha', { remoteAddress });
  if (response.statusCode !== 200) throw new Error(`captcha: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** POST /api/r/contact from `remoteAddress` (a fresh one by default); a captcha is fetched unless the body names one. */
export async function sendContact(client: TestClient, body: Record<string, unknown>, remoteAddress = freshAddress()): Promise<LightMyRequestResponse> {
  const captcha_token = 'captcha_token' in body ? body.captcha_token : await newCaptcha(client);
  return client.post('/api/r/contact', { ...body, captcha_token }, { remoteAddress });
}

export interface MessageSpec {
  name?: string;
  email?: string;
  subject?: string;
  message?: string;
  user_id?: number | null;
  read_at?: string | null;
  archived_at?: string | null;
  /** Default: now. */
  created_at?: string;
}

/** A message as the form would have stored it. */
export async function insertContactMessage(db: Executor, spec: MessageSpec = {}): Promise<number> {
  made += 1;
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: spec.name ?? `Sender ${made}`,
      email: spec.email ?? `sender${made}@example.com`,
      subject: spec.subject ?? `Subject ${made}`,
      message: spec.message ?? 'A message for staff.',
      user_id: spec.user_id ?? null,
      read_at: spec.read_at ?? null,
      archived_at: spec.archived_at ?? null,
      created_at: spec.created_at ?? new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Everything the contact form and inbox keep: what a refused request must leave as it was. */
export const contactSnapshot = async (db: Executor) => ({
  messages: await db.selectFrom('contact_messages').selectAll().orderBy('id').execute(),
  captchas: await db.selectFrom('captchas').select('token').orderBy('token').execute(),
});

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as delivered (headers and body). */
  raw: string;
  header(name: string): string | undefined;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

function parseMail(from: string, to: string[], raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const quoted = /quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '');
  return { from, to, raw, header: (name) => headers.get(name.toLowerCase()), text: (quoted ? decodeQuotedPrintable(body) : body).replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server on a free local port (no TLS, no login), keeping every message it accepts;
 * `refuse` makes it answer every message with a temporary failure instead.
 */
export async function startMailServer(options: { refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse) return callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push(parseMail(from, session.envelope.rcptTo.map((rcpt) => rcpt.address), Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
