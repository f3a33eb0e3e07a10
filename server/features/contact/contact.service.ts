import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CONTACT_TEXTS, type ContactInboxFilter } from '../../../common/contact';
import type { ContactFields, Captcha } from '../../../common/contracts/contact';
import type { ContactMessage } from '../../../common/contracts/tickets-admin';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import { HttpError, notFound, unprocessable } from '../../platform/errors';
import type { MembersService } from '../members/members.service';
import type { WarningLog } from '../stream/stream.service';
import type { CaptchaService } from './captcha.service';
import { createContactMailer } from './mailer';

/** Decision 022: messages one email address may send per hour (the per-address limit is on the route). */
export const MESSAGES_PER_EMAIL_PER_HOUR = 5;
export const CONTACT_MESSAGES_PER_PAGE = 25;
const HOUR_MS = 3_600_000;

export const CONTACT_MESSAGES = {
  tooManyFromEmail: `You have sent ${MESSAGES_PER_EMAIL_PER_HOUR} messages from this email address in the last hour. Please wait an hour and try again.`,
  notFound: 'Message not found.',
} as const;

type AvatarOf = MembersService['avatarOf'];

/** Which messages each inbox tab holds: unread and read ones leave for Archived when archived. */
const FILTERS: Record<ContactInboxFilter, RawBuilder<boolean>> = {
  unread: sql<boolean>`contact_messages.read_at is null and contact_messages.archived_at is null`,
  read: sql<boolean>`contact_messages.read_at is not null and contact_messages.archived_at is null`,
  archived: sql<boolean>`contact_messages.archived_at is not null`,
  all: sql<boolean>`1 = 1`,
};

/** The contact form, the staff inbox and the email to staff (decision 022). */
export function createContactService(deps: { db: Kysely<DB>; now: () => Date; captcha: CaptchaService; config: Config; log: WarningLog; avatarOf: AvatarOf }) {
  const { db, now, captcha, config, log, avatarOf } = deps;
  const mailer = createContactMailer(config);

  const selectMessages = () =>
    db
      .selectFrom('contact_messages')
      .leftJoin('users', 'users.id', 'contact_messages.user_id')
      .selectAll('contact_messages')
      .select(['users.username', 'users.kick_username', 'users.discord_id', 'users.avatar']);
  type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;

  const toMessage = (row: MessageRow): ContactMessage => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    user:
      row.user_id !== null && row.username !== null && row.discord_id !== null
        ? { id: row.user_id, username: row.username, kick_username: row.kick_username, avatar_url: avatarOf({ id: row.user_id, discord_id: row.discord_id, avatar: row.avatar }) }
        : null,
    read_at: row.read_at,
    archived_at: row.archived_at,
    emailed_at: row.emailed_at,
    created_at: row.created_at,
  });

  async function get(id: number): Promise<ContactMessage> {
    const row = await selectMessages().where('contact_messages.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(CONTACT_MESSAGES.notFound);
    return toMessage(row);
  }

  async function sentFromEmailLastHour(email: string, at: Date) {
    const row = await db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('created_at', '>', new Date(at.getTime() - HOUR_MS).toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Emails staff; a failure is logged and the message stays in the inbox without emailed_at. */
  async function emailStaff(id: number, fields: ContactFields, member: string | null, sentAt: string) {
    if (!mailer) return;
    try {
      await mailer.send({ ...fields, member, sentAt });
      await db.updateTable('contact_messages').set({ emailed_at: now().toISOString() }).where('id', '=', id).execute();
    } catch (error) {
      log.warn({ err: error, contactMessageId: id }, 'contact message kept, but emailing staff failed');
    }
  }

  return {
    /** A captcha for the form; every captcha of a test run has the fixed answer when one is set (NODE_ENV=test only). */
    newCaptcha: (): Promise<Captcha> => captcha.issue(config.captchaFixedAnswer),

    /**
     * Spec 1 §7 POST /api/r/contact, after the route validated every field: the per-email limit, then the
     * captcha (used up whatever the answer), then the message is stored and staff emailed. Nothing is
     * stored on a refusal.
     */
    async send(fields: ContactFields, sender: { userId: number | null }): Promise<{ message: string; id: number }> {
      const at = now();
      if ((await sentFromEmailLastHour(fields.email, at)) >= MESSAGES_PER_EMAIL_PER_HOUR) {
        throw new HttpError(429, CONTACT_MESSAGES.tooManyFromEmail);
      }
      const check = await captcha.check(fields.captcha_token, fields.captcha_answer);
      if (check !== 'right') {
        const text = check === 'wrong' ? CONTACT_TEXTS.captchaWrong : CONTACT_TEXTS.captchaExpired;
        throw unprocessable(text, { captcha_answer: [text] });
      }
      const { name, email, subject, message } = fields;
      const sentAt = at.toISOString();
      const row = await db
        .insertInto('contact_messages')
        .values({ name, email, subject, message, user_id: sender.userId, created_at: sentAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const member = sender.userId === null ? null : ((await db.selectFrom('users').select('username').where('id', '=', sender.userId).executeTakeFirst())?.username ?? null);
      await emailStaff(row.id, fields, member, sentAt);
      return { message: CONTACT_TEXTS.sent, id: row.id };
    },

    /** The staff inbox: one tab's page, newest first, and how many messages are unread. */
    async inbox(query: { filter: ContactInboxFilter; page: number }) {
      const count = (filter: ContactInboxFilter) =>
        db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('count')).where(FILTERS[filter]).executeTakeFirstOrThrow();
      const [rows, total, unread] = await Promise.all([
        selectMessages()
          .where(FILTERS[query.filter])
          .orderBy('contact_messages.created_at', 'desc')
          .orderBy('contact_messages.id', 'desc')
          .limit(CONTACT_MESSAGES_PER_PAGE)
          .offset((query.page - 1) * CONTACT_MESSAGES_PER_PAGE)
          .execute(),
        count(query.filter),
        count('unread'),
      ]);
      return { messages: rows.map(toMessage), total: Number(total.count), unread: Number(unread.count) };
    },

    get,

    /** Marks a message read or unread, archived or not; a state already set keeps its first time. */
    async update(id: number, change: { read?: boolean; archived?: boolean }): Promise<ContactMessage> {
      const stamp = now().toISOString();
      const since = (on: boolean | undefined, column: 'read_at' | 'archived_at') =>
        on === undefined ? undefined : on ? sql<string>`coalesce(${sql.ref(column)}, ${stamp})` : null;
      const updated = await db
        .updateTable('contact_messages')
        .set({ read_at: since(change.read, 'read_at'), archived_at: since(change.archived, 'archived_at') })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound(CONTACT_MESSAGES.notFound);
      return get(id);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
