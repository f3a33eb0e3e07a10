import sharp from 'sharp';
import { challengeInputSchema } from '../../../common/contracts/challenges-admin';
import { formatCount } from '../../../common/format';
import type { Services } from '../../services';
import type { Database } from '../database';
import { seededRandom, shuffled } from './random';

/*
 * Demo challenges, run through the real staff and member services (decision 021): three running (a cash prize,
 * a points prize, one ending within the day), two claimed (claims approved, prizes paid), two over (one ended,
 * one switched off); pending claims with evidence for the review queue, and a rejected claim with its notes.
 */

const HOUR = 3_600_000;

interface DemoClaim {
  /** Hours before now the member claimed. */
  hoursAgo: number;
  images: number;
  description: string;
  /** Staff's decision, made an hour after the claim (none: still pending). */
  review?: { approve: boolean; notes: string };
}

interface DemoChallenge {
  slot: string;
  multiplier: number;
  min_bet: number;
  prize_type: 'cash' | 'points';
  prize_amount: number;
  /** Start and end, in hours from now. Members claim through the real service, so only running challenges have claims. */
  starts: number;
  ends: number;
  is_active?: boolean;
  claims: DemoClaim[];
}

const CHALLENGES: DemoChallenge[] = [
  {
    slot: 'Money Train 4', multiplier: 3000, min_bet: 0.2, prize_type: 'cash', prize_amount: 150, starts: -21 * 24, ends: -3 * 24,
    claims: [],
  },
  {
    slot: 'Mental', multiplier: 5000, min_bet: 0.2, prize_type: 'points', prize_amount: 25_000, starts: -12 * 24, ends: 2 * 24,
    claims: [
      { hoursAgo: 5 * 24, images: 2, description: 'Mental finally paid! 5,120x on a $0.20 spin during Tuesday’s stream, screenshots of the bet and the win attached.', review: { approve: true, notes: 'Checked against the stream VOD at 2:14:08. Congratulations!' } },
      { hoursAgo: 5 * 24 + 2, images: 1, description: 'Got 5,004x on Mental last night, bet was $0.40.' },
    ],
  },
  {
    slot: 'Le Bandit', multiplier: 1500, min_bet: 0.4, prize_type: 'cash', prize_amount: 500, starts: -9 * 24, ends: 5 * 24,
    claims: [{ hoursAgo: 2 * 24, images: 3, description: 'Le Bandit 1,612x at $0.40 in the super bonus. Bet, win screen and balance attached.', review: { approve: true, notes: '' } }],
  },
  {
    slot: 'Book of Dead', multiplier: 2000, min_bet: 0.1, prize_type: 'points', prize_amount: 8000, starts: -4 * 24, ends: 10 * 24, is_active: false,
    claims: [],
  },
  {
    slot: 'Wanted Dead or a Wild', multiplier: 2500, min_bet: 0.1, prize_type: 'cash', prize_amount: 100, starts: -6 * 24, ends: 7,
    claims: [],
  },
  {
    slot: 'Sweet Bonanza', multiplier: 500, min_bet: 0.4, prize_type: 'points', prize_amount: 10_000, starts: -24, ends: 9 * 24,
    claims: [
      { hoursAgo: 20, images: 1, description: 'Sweet Bonanza tumble chain for 612x!', review: { approve: false, notes: 'The screenshot shows a $0.20 bet; this challenge needs at least $0.40. Try again at the minimum bet!' } },
      { hoursAgo: 6, images: 2, description: '534x on Sweet Bonanza at $0.40, the bet and the win screen are in the images.' },
    ],
  },
  {
    slot: 'Gates of Olympus', multiplier: 1000, min_bet: 0.2, prize_type: 'cash', prize_amount: 250, starts: -2 * 24, ends: 5 * 24,
    claims: [
      { hoursAgo: 9, images: 2, description: 'Hit 1,046x on Gates of Olympus at $0.20! Clip timestamp 01:12:40 on my stream.' },
      { hoursAgo: 3, images: 1, description: 'Gates of Olympus 1,210x with a 500x orb, bet $0.25.' },
    ],
  },
];

/** A phone screenshot of a win: dark, with the multiplier and the bet written big (sharp renders the SVG). */
function evidenceShot(slot: string, multiplier: number, index: number, hue: number) {
  const lines = [slot, `${formatCount(multiplier)}x WIN`, index === 0 ? 'BET $0.20' : `BALANCE +$${(multiplier * 0.2).toFixed(2)}`];
  const text = lines.map((line, row) => `<text x="180" y="${110 + row * 60}" font-family="sans-serif" font-size="${row === 1 ? 40 : 24}" font-weight="800" fill="#ffffff" text-anchor="middle">${line.replace(/[&<>]/g, '')}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="260"><rect width="360" height="260" fill="hsl(${hue}, 45%, 16%)"/><rect x="12" y="12" width="336" height="236" rx="14" fill="none" stroke="hsl(${hue}, 80%, 60%)" stroke-width="4"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoChallenges(services: Services, database: Database, now: Date) {
  const random = seededRandom(10_2026);
  const { db } = database;
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
  const staff = await db.selectFrom('users').select('id').where('discord_id', '=', 'demo:nightspin').executeTakeFirstOrThrow();
  const demoUsers = await db.selectFrom('users').select(['id', 'role']).where('discord_id', 'like', 'demo:%').orderBy('id').execute();
  const claimers = shuffled(random, demoUsers.filter((user) => user.role === 'user' || user.role === 'vip'));
  const catalogue = new Map((await db.selectFrom('slots').select(['id', 'name']).execute()).map((slot) => [slot.name, slot.id]));
  let next = 0;

  for (const [order, demo] of CHALLENGES.entries()) {
    const input = challengeInputSchema.parse({
      slot_name: demo.slot,
      slot_id: catalogue.get(demo.slot) ?? null,
      multiplier: demo.multiplier,
      min_bet: demo.min_bet,
      prize_type: demo.prize_type,
      prize_amount: demo.prize_amount,
      start_date: at(demo.starts),
      end_date: at(demo.ends),
      is_active: demo.is_active ?? true,
    });
    const id = await services.challengesAdmin.create(staff.id, input);
    const claimIds: number[] = [];
    for (const [index, claim] of demo.claims.entries()) {
      const member = claimers[next++ % claimers.length];
      const files = await Promise.all(Array.from({ length: claim.images }, async (_, shot) => ({ filename: `win-${shot + 1}.png`, data: await evidenceShot(demo.slot, demo.multiplier + 37 * (index + 1), shot, (order * 47 + shot * 90) % 360) })));
      const { data } = await services.challenges.claim(member.id, id, { fields: { description: claim.description }, files });
      claimIds.push(data.id);
    }
    for (const [index, claim] of demo.claims.entries()) {
      if (!claim.review) continue;
      if (claim.review.approve) await services.challengeReviews.approve(staff.id, claimIds[index], claim.review.notes);
      else await services.challengeReviews.reject(staff.id, claimIds[index], claim.review.notes);
    }
    await backdate(database, id, demo, claimIds, at);
  }
}

/** Moves what was made just now to its demo hours: each claim when it was made, its review an hour later, the challenge's creation a day before its start. */
async function backdate(database: Database, id: number, demo: DemoChallenge, claimIds: number[], at: (hours: number) => string) {
  const { db } = database;
  let claimedAt: string | null = null;
  for (const [index, claim] of demo.claims.entries()) {
    const reviewed = at(-claim.hoursAgo + 1);
    await db
      .updateTable('challenge_claims')
      .set({ created_at: at(-claim.hoursAgo) })
      .where('id', '=', claimIds[index])
      .execute();
    await db.updateTable('challenge_claims').set({ reviewed_at: reviewed }).where('id', '=', claimIds[index]).where('reviewed_at', 'is not', null).execute();
    if (claim.review?.approve) claimedAt = reviewed;
  }
  // The claims that the approval closed were reviewed with it.
  if (claimedAt) await db.updateTable('challenge_claims').set({ reviewed_at: claimedAt }).where('challenge_id', '=', id).where('status', '=', 'rejected').where('admin_notes', '=', 'Another claim for this challenge was approved.').execute();
  const created = at(demo.starts - 24);
  await db.updateTable('challenges').set({ created_at: created, updated_at: claimedAt ?? created, ...(claimedAt ? { claimed_at: claimedAt } : {}) }).where('id', '=', id).execute();
  if (claimedAt) await db.updateTable('payouts').set({ paid_at: claimedAt }).where('reference', '=', `challenge:${id}`).execute();
}
