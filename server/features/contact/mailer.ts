import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** What staff are told of a new contact message. */
export interface ContactMail {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The signed-in member who sent it, if any. */
  member: string | null;
  sentAt: string;
}

/** Header values on one line: a name or subject cannot add headers of its own. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * Sends contact messages to staff over SMTP (nodemailer, decision 022), or null without SMTP settings.
 * Plain text only; Reply-To is the sender, so staff answer straight from their mail program. Bounded
 * waits: a dead mail server costs the sender seconds, not minutes.
 */
export function createContactMailer(config: Config) {
  const { mail } = config;
  if (!mail) return null;
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(contact: ContactMail): Promise<void> {
      const lines = [
        `From: ${oneLine(contact.name)} <${contact.email}>`,
        ...(contact.member ? [`Member: ${contact.member}`] : []),
        `Sent: ${contact.sentAt}`,
        `Subject: ${oneLine(contact.subject)}`,
        '',
        contact.message,
        '',
        '--',
        `Reply to this email to answer ${oneLine(contact.name)}. Every message is also in the staff inbox: ${config.publicUrl}/admin-new/contact-inbox`,
      ];
      await transport.sendMail({
        from: mail.from,
        to: mail.contactTo,
        replyTo: { name: oneLine(contact.name), address: contact.email },
        subject: `Contact form: ${oneLine(contact.subject)}`,
        text: lines.join('\n'),
      });
    },
  };
}
export type ContactMailer = NonNullable<ReturnType<typeof createContactMailer>>;
