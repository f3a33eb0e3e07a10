import sharp from 'sharp';
import type { Role } from '../../../common/roles';
import type { Services } from '../../services';
import type { Database } from '../database';

interface DemoItem {
  name: string;
  description: string;
  cost: number;
  quantity: number;
  colors: [string, string];
  glyph: string;
  required_role?: Role;
  max?: number;
  codes?: number;
}

const ITEMS: DemoItem[] = [
  { name: '$10 Amazon Gift Card', description: 'A digital gift card code, delivered to you the moment you redeem.', cost: 10_000, quantity: 0, colors: ['#f59e0b', '#b45309'], glyph: '$10', codes: 4 },
  { name: 'NightSpin Hoodie', description: 'Heavyweight purple hoodie with the moon logo. Shipping worldwide.', cost: 25_000, quantity: 12, colors: ['#7c3aed', '#312e81'], glyph: 'HOODIE' },
  { name: 'Bonus Buy on Stream', description: 'Pick the slot and we buy the bonus live on stream.', cost: 5_000, quantity: 3, colors: ['#d946ef', '#6d28d9'], glyph: 'BONUS' },
  { name: 'VIP Discord Role (30 days)', description: 'The VIP colour and channel on Discord for a month.', cost: 8_000, quantity: 50, colors: ['#facc15', '#a16207'], glyph: 'VIP', max: 1 },
  { name: '$50 Casino Tip', description: 'A $50 tip on your partner casino account. VIP members only.', cost: 50_000, quantity: 2, colors: ['#22c55e', '#14532d'], glyph: '$50', required_role: 'vip' },
  { name: 'Custom Emote Slot', description: 'Design an emote for the channel; we make it official.', cost: 15_000, quantity: 5, colors: ['#38bdf8', '#1e3a8a'], glyph: 'EMOTE' },
  { name: 'Shoutout on Stream', description: 'Your name read out and on screen during the next stream.', cost: 1_500, quantity: 100, colors: ['#a855f7', '#4c1d95'], glyph: 'SHOUT', max: 3 },
  { name: 'Mystery Crate', description: 'Something good. Restocked every Friday.', cost: 750, quantity: 0, colors: ['#64748b', '#1e1b4b'], glyph: '?' },
];

/** A 640×400 card with a gradient and the item's glyph, as PNG: uploaded through the same path as staff uploads. */
export async function demoImage([from, to]: [string, string], glyph: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="400" fill="url(#g)"/><circle cx="520" cy="80" r="140" fill="#ffffff" fill-opacity="0.08"/><text x="320" y="230" font-family="sans-serif" font-size="84" font-weight="800" fill="#ffffff" text-anchor="middle">${glyph}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A stocked store (low stock, a role-restricted item, one with codes) and a few redemptions by demo members. */
export async function seedDemoStore(services: Services, database: Database) {
  const ids: number[] = [];
  for (const item of ITEMS) {
    const image = await services.uploads.saveImage({ filename: `${item.glyph}.png`, data: await demoImage(item.colors, item.glyph) }, 'store');
    const codes = Array.from({ length: item.codes ?? 0 }, (_, i) => `AMZN-DEMO-${String(1000 + i)}-${item.cost}`).join('\n');
    const created = await services.store.createItem({
      name: item.name,
      description: item.description,
      image,
      cost: item.cost,
      quantity: item.quantity,
      required_role: item.required_role ?? 'user',
      max_purchases_per_user: item.max ?? null,
      uses_codes: Boolean(item.codes),
      is_active: true,
      new_codes: codes,
    });
    ids.push(created.id);
  }
  const buyers = await database.db
    .selectFrom('users')
    .select(['id', 'role', 'points'])
    .where('discord_id', 'like', 'demo:%')
    .orderBy('points', 'desc')
    .limit(8)
    .execute();
  const staff = await database.db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirst();
  for (const [index, buyer] of buyers.entries()) {
    const itemId = ids[[6, 2, 0, 3, 6, 2, 3, 6][index]];
    const { redemption } = await services.store.redeem(buyer, itemId);
    if (staff && index % 2 === 0) await services.store.process(staff.id, redemption.id);
  }
}
