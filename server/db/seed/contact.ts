import type { Services } from '../../services';
import type { Database } from '../database';

/*
 * Demo contact messages for the staff inbox (decision 022): two unread (one from a signed-in member), two
 * read, one archived. Written straight into the inbox: the form itself needs a captcha answered by a person.
 */

const HOUR = 3_600_000;

interface DemoMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** A demo member who was signed in when sending. */
  member?: string;
  hoursAgo: number;
  /** Hours after sending that staff read it, and archived it. */
  readAfter?: number;
  archivedAfter?: number;
}

const MESSAGES: DemoMessage[] = [
  {
    name: 'Sponsorship Team', email: 'partners@spinvault.example', subject: 'Partnership proposal for the channel',
    message: 'Hi! We run SpinVault and would love to sponsor a weekly bonus hunt. Who is the right person to talk to about rates and a custom leaderboard?',
    hoursAgo: 3,
  },
  {
    name: 'Luna', email: 'luna.spins@example.com', subject: 'Raffle prize not received', member: 'LuckyLuna',
    message: 'I won the Friday raffle (the $50 one) but have not heard anything yet. My casino username is the same as here. Thanks!',
    hoursAgo: 20,
  },
  {
    name: 'Marco', email: 'marco@example.com', subject: 'Stream schedule over the holidays', member: 'MaxWinMarco',
    message: 'Will there be streams between Christmas and New Year? Asking so I can plan the tournament predictions.',
    hoursAgo: 2 * 24, readAfter: 4,
  },
  {
    name: 'Priya Shah', email: 'priya.shah@example.org', subject: 'Press enquiry',
    message: 'I am writing an article about community-driven streaming sites and would like to ask a few questions by email.',
    hoursAgo: 4 * 24, readAfter: 1,
  },
  {
    name: 'Free Followers', email: 'promo@followers.example', subject: 'Get 10,000 followers today!!!',
    message: 'Boost your channel with real followers. Limited offer, reply now.',
    hoursAgo: 6 * 24, readAfter: 1, archivedAfter: 1,
  },
];

export async function seedDemoContact(_services: Services, database: Database, now: Date) {
  const { db } = database;
  const members = await db.selectFrom('users').select(['id', 'username']).where('discord_id', 'like', 'demo:%').execute();
  const memberId = (name: string | undefined) => members.find((member) => member.username === name)?.id ?? null;
  const at = (hoursAgo: number, after?: number) => (after === undefined ? null : new Date(now.getTime() - (hoursAgo - after) * HOUR).toISOString());
  await db
    .insertInto('contact_messages')
    .values(
      MESSAGES.map((demo) => ({
        name: demo.name,
        email: demo.email,
        subject: demo.subject,
        message: demo.message,
        user_id: memberId(demo.member),
        read_at: at(demo.hoursAgo, demo.readAfter),
        archived_at: at(demo.hoursAgo, demo.archivedAfter),
        created_at: new Date(now.getTime() - demo.hoursAgo * HOUR).toISOString(),
      })),
    )
    .execute();
}
