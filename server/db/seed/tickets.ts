import sharp from 'sharp';
import type { TicketPriority, TicketStatus } from '../../../common/tickets';
import type { Services } from '../../services';
import type { Database } from '../database';

/*
 * Demo support tickets, made through the real member and staff services (decision 022): the categories, then
 * conversations from several demo members that leave a ticket in every status, with screenshots, staff replies
 * ('Support Team'), assignees and the member's notifications; afterwards moved back to their demo hours.
 */

const HOUR = 3_600_000;
const CATEGORIES = ['General', 'Account', 'Points & Store', 'Raffles', 'Bug Report'] as const;
type CategoryName = (typeof CATEGORIES)[number];

interface Step {
  by: 'member' | 'staff';
  message: string;
  /** Hours after the ticket was opened. */
  after: number;
  /** A staff reply's status (waiting when none is given). */
  status?: TicketStatus;
  screenshots?: number;
}

interface DemoTicket {
  member: string;
  category: CategoryName;
  title: string;
  description: string;
  priority: TicketPriority;
  hoursAgo: number;
  screenshots?: number;
  steps: Step[];
  /** Staff's last change, an hour after the last step: a status and who handles it (a demo staff name). */
  then?: { status?: TicketStatus; assignee?: string };
}

const TICKETS: DemoTicket[] = [
  {
    member: 'SpinDoctor', category: 'Points & Store', title: 'Daily bonus did not credit my points', priority: 'high', hoursAgo: 3, screenshots: 1,
    description: 'I claimed the daily bonus at around 9pm and the button went grey, but my balance stayed at 2,340. Screenshot of the balance attached.',
    steps: [],
  },
  {
    member: 'MegaWaysMo', category: 'Account', title: 'Can I move my account to a new Discord?', priority: 'low', hoursAgo: 30,
    description: 'I lost access to my old Discord account and made a new one. Is there a way to keep my points and level on the new account?',
    steps: [
      { by: 'staff', after: 2, message: 'Hi! We can move it for you. Could you send the user name of the new Discord account and the date you joined the site?' },
      { by: 'member', after: 5, message: 'Sure, the new one is megawaysmo_2 and I joined back in March.' },
    ],
  },
  {
    member: 'BonusBuyBella', category: 'Bug Report', title: 'Overlay shows last week\u2019s bonus hunt', priority: 'urgent', hoursAgo: 20, screenshots: 2,
    description: 'The bonus hunt overlay on stream still shows last week\u2019s hunt with 14 bonuses while the new hunt is running. Screens from the stream attached.',
    steps: [
      { by: 'staff', after: 1, status: 'in_progress', message: 'Thanks for the screenshots, we can see it too. Looking into the overlay now.' },
      { by: 'member', after: 3, message: 'It happened again after the stream restarted, if that helps.' },
    ],
    then: { assignee: 'VelvetMod' },
  },
  {
    member: 'LuckyLuna', category: 'Raffles', title: 'Raffle prize not received yet', priority: 'medium', hoursAgo: 2 * 24,
    description: 'I won the Friday $50 raffle but have not received anything. My casino username is the same as here.',
    steps: [{ by: 'staff', after: 4, message: 'Congratulations on the win! Please confirm the casino the prize should go to, and we will send it out today.' }],
    then: { assignee: 'ReelKeeper' },
  },
  {
    member: 'GoldenGonzo', category: 'Points & Store', title: 'Store code not showing after redeeming', priority: 'medium', hoursAgo: 4 * 24, screenshots: 1,
    description: 'I redeemed the $10 casino credit item but the code does not show on my redemption. The points were taken.',
    steps: [
      { by: 'staff', after: 2, message: 'Sorry about that! The item had run out of codes; we added new ones. Could you check your redemptions again?' },
      { by: 'member', after: 6, message: 'It shows now, thanks a lot!' },
      { by: 'staff', after: 7, status: 'resolved', message: 'Great, enjoy! Marking this as resolved.', screenshots: 1 },
    ],
  },
  {
    member: 'StickyWilds', category: 'General', title: 'How do I link my Kick account?', priority: 'low', hoursAgo: 9 * 24,
    description: 'I want my Kick chat activity to count for points. Where do I connect my Kick account?',
    steps: [
      { by: 'staff', after: 1, status: 'resolved', message: 'Open Settings, then Connect under Kick. Once linked, chat activity earns points automatically.' },
      { by: 'member', after: 2, message: 'Found it and it works. Thank you!' },
    ],
    then: { status: 'closed' },
  },
  {
    member: 'ScatterQueen', category: 'Account', title: 'Username change request', priority: 'medium', hoursAgo: 6 * 24,
    description: 'Could my display name on the leaderboard be ScatterQueen instead of my old nickname?',
    steps: [{ by: 'staff', after: 3, status: 'closed', message: 'Your name follows your Discord display name: change it there and it updates here on your next sign-in. Closing this one.' }],
  },
  {
    member: 'RetriggerRay', category: 'Bug Report', title: 'Tournament bracket cut off on my phone', priority: 'low', hoursAgo: 26,
    description: 'On my phone the bracket for the weekend tournament only shows the first round, I cannot see the final.',
    steps: [],
    then: { status: 'in_progress', assignee: 'NightSpin' },
  },
];

/** A phone screenshot: a dark card with a line of text (sharp renders the SVG). */
function screenshot(text: string, hue: number) {
  const safe = text.replace(/[&<>]/g, '').slice(0, 34);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="220"><rect width="360" height="220" fill="hsl(${hue}, 40%, 14%)"/><rect x="12" y="12" width="336" height="196" rx="14" fill="none" stroke="hsl(${hue}, 75%, 60%)" stroke-width="4"/><text x="180" y="118" font-family="sans-serif" font-size="20" font-weight="700" fill="#ffffff" text-anchor="middle">${safe}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const shots = (count: number, text: string, hue: number) =>
  Promise.all(Array.from({ length: count }, async (_, index) => ({ filename: `screenshot-${index + 1}.png`, data: await screenshot(text, (hue + index * 70) % 360) })));

export async function seedDemoTickets(services: Services, database: Database, now: Date) {
  const { db } = database;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  const users = new Map((await db.selectFrom('users').select(['id', 'username']).where('discord_id', 'like', 'demo:%').execute()).map((user) => [user.username, user.id]));
  const idOf = (name: string) => users.get(name) ?? (() => { throw new Error(`no demo member ${name}`); })();
  const staff = idOf('VelvetMod');

  for (const name of CATEGORIES) await services.ticketsAdmin.createCategory(name);
  const categories = new Map((await services.ticketsAdmin.categories()).map((category) => [category.name, category.id]));

  for (const [order, demo] of TICKETS.entries()) {
    const member = idOf(demo.member);
    const fields = { title: demo.title, description: demo.description, category_id: String(categories.get(demo.category)), priority: demo.priority };
    const { data: ticket } = await services.tickets.create(member, { fields, files: await shots(demo.screenshots ?? 0, demo.title, order * 45) });
    for (const step of demo.steps) {
      const files = await shots(step.screenshots ?? 0, step.message, order * 45 + 180);
      if (step.by === 'member') await services.tickets.reply(member, ticket.id, { fields: { message: step.message }, files });
      else await services.ticketsAdmin.reply(staff, ticket.id, { fields: { message: step.message, ...(step.status ? { status: step.status } : {}) }, files });
    }
    if (demo.then) {
      await services.ticketsAdmin.update(ticket.id, { status: demo.then.status, assigned_to: demo.then.assignee ? idOf(demo.then.assignee) : undefined });
    }
    await backdate(database, ticket.id, demo, at);
  }
}

/** Moves what was made just now to its demo hours: the ticket when opened, each reply when written, the last change an hour after. */
async function backdate(database: Database, id: number, demo: DemoTicket, at: (hoursAgo: number) => string) {
  const { db } = database;
  const replies = await db.selectFrom('ticket_replies').select('id').where('ticket_id', '=', id).orderBy('id').execute();
  for (const [index, reply] of replies.entries()) {
    await db.updateTable('ticket_replies').set({ created_at: at(demo.hoursAgo - demo.steps[index].after) }).where('id', '=', reply.id).execute();
  }
  const lastStep = demo.steps.at(-1)?.after;
  const lastReply = lastStep === undefined ? null : at(demo.hoursAgo - lastStep);
  const updated = demo.then ? at(demo.hoursAgo - (lastStep ?? 0) - 1) : (lastReply ?? at(demo.hoursAgo));
  await db.updateTable('tickets').set({ created_at: at(demo.hoursAgo), updated_at: updated, last_reply_at: lastReply }).where('id', '=', id).execute();
}
