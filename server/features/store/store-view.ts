import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ownRedemptionSchema,
  purchaseRecordSchema,
  storeItemSchema,
  type OwnRedemption,
  type PurchaseRecord,
  type StoreQuery,
} from '../../../common/contracts/store';
import { STORE_RECENT_PURCHASES, STORE_SORTS } from '../../../common/limits';
import { roleAtLeast, type Role } from '../../../common/roles';
import type { DB, StoreItemRow, UserRow } from '../../db/types';
import type { EventBus } from '../../platform/events';
import { storeRepo } from './store.repo';

type AvatarOf = (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;
type Purchase = Awaited<ReturnType<typeof storeRepo.communityPurchases>>[number];
type StoreSort = (typeof STORE_SORTS)[number];
/** Who reads the store, as the request's session gives them. */
type StoreMember = { id: number; role: Role; points: number };

/** Every store write starts a new generation; this only bounds how long a buyer's new name or avatar takes to show. */
const VIEW_TTL_MS = 5_000;
/** The latest purchases kept for everyone: each member's list leaves their own out, so more than one list's worth. */
const COMMUNITY_KEPT = STORE_RECENT_PURCHASES * 3;
/** At most this many members' own parts are kept (a few KB each), the least recently built going first. */
const MEMBERS_KEPT = 5_000;
const ITEMS_SHOWN = 200;
const CHANNEL = 'store:changed';

const PRICE_RANGES: Record<NonNullable<StoreQuery['price_range']>, [number, number | null]> = {
  '0-1000': [0, 1000],
  '1000-5000': [1000, 5000],
  '5000-10000': [5000, 10000],
  '10000+': [10000, null],
};

/** What members and staff both see of an item. */
export const itemFields = (row: StoreItemRow & { redeemed_count: number | null }) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image: row.image,
  cost: row.cost,
  quantity: row.quantity,
  required_role: row.required_role,
  max_purchases_per_user: row.max_purchases_per_user,
  redeemed_count: Number(row.redeemed_count ?? 0),
  created_at: row.created_at,
});

export const toPurchaseRecord = (row: Purchase, avatarOf: AvatarOf): PurchaseRecord => ({
  id: row.id,
  item: { name: row.item_name, image: row.item_image, cost: row.item_cost },
  user: { id: row.user_id, avatar: avatarOf({ id: row.user_id, discord_id: row.discord_id, avatar: row.avatar }), username: row.username },
  created_at: row.created_at,
  is_processed: row.status !== 'pending',
});

export const toOwnRedemption = (row: Purchase & { code: string | null }, avatarOf: AvatarOf): OwnRedemption => ({
  ...toPurchaseRecord(row, avatarOf),
  status: row.status,
  code: row.code,
});

const itemWithoutCountSchema = storeItemSchema.omit({ user_purchases: true });
const ownListSchema = z.array(ownRedemptionSchema);

interface KeptItem {
  id: number;
  cost: number;
  requiredRole: Role;
  /** Lower-cased, for the search. */
  name: string;
  description: string;
  /** The item's JSON without its closing brace, where the member's own count goes. */
  open: string;
}

interface Catalogue {
  bySort: Record<StoreSort, KeptItem[]>;
  community: { userId: number; text: string }[];
  /** False when fewer redemptions exist than were asked for: then no member's list can run short. */
  full: boolean;
}

interface OwnPart {
  generation: number;
  points: number;
  builtAt: number;
  counts: Map<number, number>;
  recent: string;
  /**
   * The member's answers already built from this part and one catalogue, by role and query: the same text again is the
   * same string, whose compressed copy is then found at once (server/platform/compressed-text.ts).
   */
  answers?: { catalogue: Catalogue; byQuery: Map<string, string> };
}

/** A member rarely has more than a few searches or sorts on the go. */
const ANSWERS_KEPT = 4;

const compare: Record<StoreSort, (a: StoreItemRow, b: StoreItemRow) => number> = {
  price_asc: (a, b) => a.cost - b.cost || b.id - a.id,
  price_desc: (a, b) => b.cost - a.cost || b.id - a.id,
  popular: (a, b) => b.redeemed_count - a.redeemed_count || b.id - a.id,
  newest: (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id),
};

function matches(item: KeptItem, role: Role, query: StoreQuery): boolean {
  if (!roleAtLeast(role, item.requiredRole)) return false;
  if (query.price_range) {
    const [from, to] = PRICE_RANGES[query.price_range];
    if (item.cost < from || (to !== null && item.cost > to)) return false;
  }
  if (!query.search) return true;
  const search = query.search.toLowerCase();
  return item.name.includes(search) || item.description.includes(search);
}

/**
 * GET /api/r/store as ready JSON text (docs/decisions/012-store.md, addendum). The part every member shares (the
 * items in each order, the latest purchases) is built once per store change; each member's own part (their count of
 * each item, their latest redemptions) once per store change and balance. A store write bumps the generation on its
 * own instance at once and on the others through the event bus; the balance comes from the request's session
 * lookup, so a member's own purchase shows on their next read whichever instance made it.
 */
export function createStoreView(deps: { db: Kysely<DB>; avatarOf: AvatarOf; events: EventBus }) {
  const { db, avatarOf, events } = deps;
  const now = Date.now;
  let generation = 0;
  let catalogue: { generation: number; builtAt: number; value: Promise<Catalogue>; built?: Catalogue } | undefined;
  const own = new Map<number, OwnPart>();
  const building = new Map<string, Promise<OwnPart>>();
  events.subscribe(CHANNEL, () => {
    generation += 1;
  });

  const purchaseText = (row: Purchase) => JSON.stringify(purchaseRecordSchema.parse(toPurchaseRecord(row, avatarOf)));

  async function buildCatalogue(): Promise<Catalogue> {
    const [rows, purchases] = await Promise.all([storeRepo.activeItems(db), storeRepo.communityPurchases(db, COMMUNITY_KEPT)]);
    const kept = new Map(
      rows.map((row) => {
        const text = JSON.stringify(itemWithoutCountSchema.parse(itemFields(row)));
        const item: KeptItem = {
          id: row.id,
          cost: row.cost,
          requiredRole: row.required_role,
          name: row.name.toLowerCase(),
          description: row.description.toLowerCase(),
          open: text.slice(0, -1),
        };
        return [row.id, item];
      }),
    );
    const bySort = Object.fromEntries(
      STORE_SORTS.map((sort) => [sort, [...rows].sort(compare[sort]).map((row) => kept.get(row.id) as KeptItem)]),
    ) as Record<StoreSort, KeptItem[]>;
    return {
      bySort,
      community: purchases.map((row) => ({ userId: row.user_id, text: purchaseText(row) })),
      full: purchases.length === COMMUNITY_KEPT,
    };
  }

  /** The catalogue itself once built (most reads), the build under way otherwise. */
  function currentCatalogue(): Catalogue | Promise<Catalogue> {
    if (!catalogue || catalogue.generation !== generation || catalogue.builtAt + VIEW_TTL_MS <= now()) {
      const value = buildCatalogue();
      const entry: NonNullable<typeof catalogue> = { generation, builtAt: now(), value };
      catalogue = entry;
      value.then(
        (built) => {
          entry.built = built;
        },
        // A failed build is not kept: the next read tries again.
        () => {
          if (catalogue === entry) catalogue = undefined;
        },
      );
    }
    return catalogue.built ?? catalogue.value;
  }

  function ownPart(userId: number, points: number): OwnPart | Promise<OwnPart> {
    const kept = own.get(userId);
    if (kept && kept.generation === generation && kept.points === points && kept.builtAt + VIEW_TTL_MS > now()) return kept;
    // A member's tabs (or a reconnecting crowd) asking at the same moment share one build.
    const key = `${userId} ${generation} ${points}`;
    const pending = building.get(key);
    if (pending) return pending;
    const part = buildOwnPart(userId, points).finally(() => building.delete(key));
    building.set(key, part);
    return part;
  }

  async function buildOwnPart(userId: number, points: number): Promise<OwnPart> {
    const startedAt = generation;
    const builtAt = now();
    const [counts, recent] = await Promise.all([storeRepo.ownCounts(db, userId), storeRepo.ownRedemptions(db, userId, STORE_RECENT_PURCHASES)]);
    const part: OwnPart = {
      generation: startedAt,
      points,
      builtAt,
      counts: new Map(counts.map((row) => [row.item_id, Number(row.n)])),
      recent: JSON.stringify(ownListSchema.parse(recent.map((row) => toOwnRedemption(row, avatarOf)))),
    };
    own.delete(userId);
    if (own.size >= MEMBERS_KEPT) own.delete(own.keys().next().value as number);
    own.set(userId, part);
    return part;
  }

  /** The latest purchases by others: from the shared list, or asked of the database when the member made most of them. */
  async function communityFor(shared: Catalogue, userId: number): Promise<string[]> {
    const others = shared.community.filter((purchase) => purchase.userId !== userId).slice(0, STORE_RECENT_PURCHASES);
    if (others.length === STORE_RECENT_PURCHASES || !shared.full) return others.map((purchase) => purchase.text);
    const rows = await storeRepo.communityPurchases(db, STORE_RECENT_PURCHASES, userId);
    return rows.map(purchaseText);
  }

  function answer(shared: Catalogue, mine: OwnPart, member: StoreMember, query: StoreQuery): string | Promise<string> {
    if (mine.answers?.catalogue !== shared) mine.answers = { catalogue: shared, byQuery: new Map() };
    const { byQuery } = mine.answers;
    // The search goes last: it may hold spaces, the rest cannot.
    const key = `${member.role} ${query.sort} ${query.price_range ?? ''} ${query.search}`;
    return byQuery.get(key) ?? buildAnswer(shared, mine, member, query, key, byQuery);
  }

  async function buildAnswer(shared: Catalogue, mine: OwnPart, member: StoreMember, query: StoreQuery, key: string, byQuery: Map<string, string>) {
    const items = shared.bySort[query.sort]
      .filter((item) => matches(item, member.role, query))
      .slice(0, ITEMS_SHOWN)
      .map((item) => `${item.open},"user_purchases":${mine.counts.get(item.id) ?? 0}}`);
    const community = await communityFor(shared, member.id);
    const text = `{"success":true,"data":{"user_points":${member.points},"store_items":[${items.join(',')}],"community_purchases":[${community.join(',')}],"recent_redemptions":${mine.recent}}}`;
    if (byQuery.size >= ANSWERS_KEPT) byQuery.delete(byQuery.keys().next().value!);
    byQuery.set(key, text);
    return text;
  }

  return {
    /** Call after a store write has committed. */
    changed(): void {
      generation += 1;
      events.publish(CHANNEL, '').catch(() => undefined);
    },

    /** Without a wait when the catalogue and the member's part are built and the answer is one they had before. */
    json(member: StoreMember, query: StoreQuery): string | Promise<string> {
      const shared = currentCatalogue();
      const mine = ownPart(member.id, member.points);
      if (shared instanceof Promise || mine instanceof Promise) return Promise.all([shared, mine]).then(([built, part]) => answer(built, part, member, query));
      return answer(shared, mine, member, query);
    },
  };
}
