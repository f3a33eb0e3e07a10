import { z } from 'zod';
import { formatCount } from '../format';
import { STORE_PRICE_RANGES, STORE_SORTS } from '../limits';
import { ROLES } from '../roles';

export const storeQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
  sort: z.enum(STORE_SORTS, { error: 'Sort by price_asc, price_desc, popular or newest.' }).default('price_asc'),
  price_range: z.enum(STORE_PRICE_RANGES, { error: 'Choose a price range from the list.' }).optional(),
});
export type StoreQuery = z.infer<typeof storeQuerySchema>;

/** Spec 1 §3 Store item, plus how often it was redeemed (the popular sort). */
export const storeItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  cost: z.number(),
  quantity: z.number(),
  required_role: z.enum(ROLES),
  max_purchases_per_user: z.number().nullable(),
  user_purchases: z.number(),
  redeemed_count: z.number(),
  created_at: z.string(),
});
export type StoreItem = z.infer<typeof storeItemSchema>;

/** Spec 1 §3 Purchase record. */
export const purchaseRecordSchema = z.object({
  id: z.number(),
  item: z.object({ name: z.string(), image: z.string().nullable(), cost: z.number() }),
  user: z.object({ id: z.number(), avatar: z.string(), username: z.string() }),
  created_at: z.string(),
  is_processed: z.boolean(),
});
export type PurchaseRecord = z.infer<typeof purchaseRecordSchema>;

/** The member's own redemption: also its status (refunds) and, for items with codes, the code it delivered. */
export const ownRedemptionSchema = purchaseRecordSchema.extend({
  status: z.enum(['pending', 'processed', 'refunded']),
  code: z.string().nullable(),
});
export type OwnRedemption = z.infer<typeof ownRedemptionSchema>;

export const storeDataSchema = z.object({
  success: z.literal(true),
  data: z.object({
    user_points: z.number(),
    store_items: z.array(storeItemSchema),
    community_purchases: z.array(purchaseRecordSchema),
    recent_redemptions: z.array(ownRedemptionSchema),
  }),
});
export type StoreData = z.infer<typeof storeDataSchema>['data'];

export const redeemResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ redemption: ownRedemptionSchema, balance: z.number() }),
});

// --- admin ---

export const adminStoreItemSchema = storeItemSchema.omit({ user_purchases: true }).extend({
  is_active: z.boolean(),
  uses_codes: z.boolean(),
  codes_unused: z.number(),
  updated_at: z.string(),
});
export type AdminStoreItem = z.infer<typeof adminStoreItemSchema>;

const whole = (min: number, max: number, label: string) =>
  z
    .number({ error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(min, `The ${label} must be at least ${formatCount(min)}.`)
    .max(max, `The ${label} can be at most ${formatCount(max)}.`);

export const storeItemInputSchema = z.object({
  name: z.string({ error: 'Give the item a name.' }).trim().min(2, 'Give the item a name of at least 2 characters.').max(80, 'At most 80 characters.'),
  description: z.string({ error: 'Describe the item.' }).trim().max(500, 'At most 500 characters.').default(''),
  image: z.string().max(200).nullable().default(null),
  cost: whole(1, 10_000_000, 'cost'),
  quantity: whole(0, 1_000_000, 'stock'),
  required_role: z.enum(ROLES, { error: 'Choose a role.' }).default('user'),
  max_purchases_per_user: whole(1, 1000, 'limit per member').nullable().default(null),
  uses_codes: z.boolean().default(false),
  is_active: z.boolean().default(true),
  /** One code per line, added to the pool (blank lines and repeats are skipped). */
  new_codes: z.string().max(200_000, 'Paste at most 200,000 characters of codes at once.').default(''),
});
export type StoreItemInput = z.infer<typeof storeItemInputSchema>;

export const adminRedemptionSchema = z.object({
  id: z.number(),
  item: z.object({ id: z.number(), name: z.string() }),
  user: z.object({ id: z.number(), username: z.string(), display_name: z.string() }),
  cost: z.number(),
  status: z.enum(['pending', 'processed', 'refunded']),
  has_code: z.boolean(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.object({ id: z.number(), username: z.string() }).nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;

export const redemptionQueueQuerySchema = z.object({
  status: z.enum(['pending', 'processed', 'refunded', 'all']).default('pending'),
  page: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(1),
});
