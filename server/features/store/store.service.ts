import type { Kysely, Transaction } from 'kysely';
import type { AdminRedemption, AdminStoreItem, StoreItemInput, StoreQuery } from '../../../common/contracts/store';
import { displayName } from '../../../common/display-name';
import { formatCount } from '../../../common/format';
import { REDEMPTIONS_PER_PAGE } from '../../../common/limits';
import { roleAtLeast, type Role } from '../../../common/roles';
import type { DB, UserRow } from '../../db/types';
import { refuseOwnRecord } from '../../platform/admin';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { UploadStore } from '../../platform/uploads';
import type { AchievementsService } from '../achievements/achievements.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { InsufficientPointsError, type PointsService } from '../points/points.service';
import { storeRepo } from './store.repo';
import { createStoreView, itemFields, toOwnRedemption } from './store-view';

export const STORE_MESSAGES = {
  redeemed: 'Item redeemed successfully!',
  notFound: 'Item not found.',
  outOfStock: 'This item is out of stock.',
  limit: (max: number) => `You have reached the limit of ${max} for this item.`,
  points: (cost: number, balance: number) =>
    `You need ${formatCount(cost)} points for this item; you have ${formatCount(balance)}.`,
} as const;

type Member = { id: number; role: Role };

/**
 * The points store (docs/decisions/012-store.md). A redemption is one transaction: stock, the limit,
 * the points (through the ledger), the code and the record stand or fall together.
 */
export function createStoreService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  avatarOf: (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;
  points: PointsService;
  notifications: NotificationsService;
  achievements: AchievementsService;
  uploads: UploadStore;
  events: EventBus;
}) {
  const { db, now, points, notifications } = deps;
  const view = createStoreView({ db, avatarOf: deps.avatarOf, events: deps.events });

  /** A store write in one transaction; once it has committed, every member's next look at the store shows it. */
  async function write<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    view.changed();
    return result;
  }

  /** The redemption just made, read by its id (not from the latest few, which parallel redemptions can push it out of). */
  async function ownRedemption(userId: number, id: number) {
    const [row] = await storeRepo.ownRedemptions(db, userId, 1, id);
    if (!row) throw new Error(`redemption ${id} vanished`);
    return toOwnRedemption(row, deps.avatarOf);
  }

  function checkImage(input: StoreItemInput) {
    if (input.image !== null && !deps.uploads.isStoredImage(input.image, 'store')) {
      throw unprocessable('Upload the image again.', { image: ['Upload the image again.'] });
    }
  }

  async function saveItem(id: number | null, input: StoreItemInput): Promise<number> {
    checkImage(input);
    const stamp = now().toISOString();
    const codes = [...new Set(input.new_codes.split(/\r?\n/).map((code) => code.trim()).filter((code) => code.length > 0))];
    if (codes.some((code) => code.length > 200)) throw unprocessable('A code can have at most 200 characters.', { new_codes: ['A code can have at most 200 characters.'] });
    if (codes.length > 0 && !input.uses_codes) {
      throw unprocessable('Turn on “Delivers codes” to add codes.', { new_codes: ['Turn on “Delivers codes” to add codes.'] });
    }
    const { new_codes: _codes, ...fields } = input;
    return write(async (trx) => {
      let itemId = id;
      if (itemId === null) itemId = (await storeRepo.insertItem(trx, { ...fields, uses_codes: fields.uses_codes ? 1 : 0, is_active: fields.is_active ? 1 : 0, created_at: stamp, updated_at: stamp })).id;
      else await storeRepo.updateItem(trx, itemId, { ...fields, uses_codes: fields.uses_codes ? 1 : 0, is_active: fields.is_active ? 1 : 0, updated_at: stamp });
      if (input.uses_codes) {
        // Stock follows the pool: the item row is locked by the write above, so no redemption slips between.
        await storeRepo.addCodes(trx, itemId, codes, stamp);
        await storeRepo.updateItem(trx, itemId, { quantity: await storeRepo.unusedCodes(trx, itemId) });
      }
      return itemId;
    });
  }

  async function adminItem(id: number): Promise<AdminStoreItem> {
    const item = (await storeRepo.allItems(db)).find((row) => row.id === id);
    if (!item) throw notFound(STORE_MESSAGES.notFound);
    return toAdminItem(item);
  }
  const toAdminItem = (row: Awaited<ReturnType<typeof storeRepo.allItems>>[number]): AdminStoreItem => ({
    ...itemFields(row),
    updated_at: row.updated_at,
    is_active: row.is_active === 1,
    uses_codes: row.uses_codes === 1,
    codes_unused: Number(row.codes_unused ?? 0),
  });

  async function handle(staffId: number, id: number, to: 'processed' | 'refunded') {
    const found = await storeRepo.findRedemption(db, id);
    if (!found) throw notFound('Redemption not found.');
    refuseOwnRecord(staffId, found.user_id, 'redemption');
    const item = await storeRepo.findItem(db, found.item_id);
    const name = item?.name ?? 'store';
    const stamp = now().toISOString();
    return write(async (trx) => {
      // A refund takes the item's row first, as a redemption does (rolled back whole if this one was handled already).
      if (to === 'refunded' && item) await storeRepo.refundItem(trx, item.id, !item.uses_codes);
      const from: ('pending' | 'processed')[] = to === 'processed' ? ['pending'] : ['pending', 'processed'];
      const handled = await storeRepo.handle(trx, id, from, to, staffId, stamp);
      if (!handled) throw conflict(found.status === 'refunded' ? 'This redemption was already refunded.' : 'This redemption was already processed.');
      if (to === 'refunded') {
        await points.change(trx, { userId: handled.user_id, delta: handled.cost, reason: 'store_refund', reference: `store_redemption:${id}`, note: `Refund: ${name}`, actorId: staffId });
      }
      await notifications.notify(trx, handled.user_id, {
        type: to === 'processed' ? 'store_processed' : 'store_refunded',
        message:
          to === 'processed'
            ? `Your ${name} redemption has been processed.`
            : `Your ${name} redemption was refunded: ${formatCount(handled.cost)} points are back in your balance.`,
        link: '/store',
      });
      return handled;
    });
  }

  return {
    /** GET /api/r/store as JSON text, for the member as their session has them (role, balance). */
    json: (member: Member & { points: number }, query: StoreQuery) => view.json(member, query),

    async redeem(member: Member, itemId: number) {
      const item = await storeRepo.findItem(db, itemId);
      if (!item || item.is_active !== 1 || !roleAtLeast(member.role, item.required_role)) throw notFound(STORE_MESSAGES.notFound);
      const result = await write(async (trx) => {
        const taken = await storeRepo.takeStock(trx, itemId);
        if (!taken) throw conflict(STORE_MESSAGES.outOfStock);
        const max = taken.max_purchases_per_user;
        if (max !== null && (await storeRepo.purchasesBy(trx, itemId, member.id)) >= max) throw conflict(STORE_MESSAGES.limit(max));
        const redemption = await storeRepo.insertRedemption(trx, { item_id: itemId, user_id: member.id, cost: taken.cost, status: 'pending', created_at: now().toISOString() });
        const { balance } = await points
          .change(trx, { userId: member.id, delta: -taken.cost, reason: 'store_redemption', reference: `store_redemption:${redemption.id}`, note: taken.name })
          .catch((error: unknown) => {
            if (error instanceof InsufficientPointsError) throw conflict(STORE_MESSAGES.points(taken.cost, error.balance));
            throw error;
          });
        if (taken.uses_codes && !(await storeRepo.takeCode(trx, itemId, redemption.id))) throw conflict(STORE_MESSAGES.outOfStock);
        await deps.achievements.progress(trx, member.id, 'store_redemptions', await storeRepo.purchasesBy(trx, null, member.id));
        return { id: redemption.id, balance };
      });
      return { message: STORE_MESSAGES.redeemed, balance: result.balance, redemption: await ownRedemption(member.id, result.id) };
    },

    adminItems: async () => (await storeRepo.allItems(db)).map(toAdminItem),
    createItem: async (input: StoreItemInput) => adminItem(await saveItem(null, input)),

    async updateItem(id: number, input: StoreItemInput) {
      const before = await storeRepo.findItem(db, id);
      if (!before) throw notFound(STORE_MESSAGES.notFound);
      await saveItem(id, input);
      if (before.image !== input.image) await deps.uploads.remove(before.image);
      return adminItem(id);
    },

    /** Only an item nobody ever redeemed can go; others are hidden, so purchase history stays whole. */
    async deleteItem(id: number) {
      const item = await storeRepo.findItem(db, id);
      if (!item) throw notFound(STORE_MESSAGES.notFound);
      if ((await storeRepo.redemptionCount(db, id)) > 0) throw conflict('This item has been redeemed, so it cannot be deleted. Hide it instead.');
      await storeRepo.deleteItem(db, id);
      view.changed();
      await deps.uploads.remove(item.image);
    },

    async queue(status: AdminRedemption['status'] | 'all', page: number) {
      const [rows, count] = await storeRepo.queue(db, status, REDEMPTIONS_PER_PAGE, (page - 1) * REDEMPTIONS_PER_PAGE);
      const redemptions = rows.map(
        (row): AdminRedemption => ({
          id: row.id,
          item: { id: row.item_id, name: row.item_name },
          user: { id: row.user_id, username: row.username, display_name: displayName(row) },
          cost: row.cost,
          status: row.status,
          has_code: row.code_id !== null,
          created_at: row.created_at,
          handled_at: row.handled_at,
          handled_by: row.handled_by !== null && row.handler_username !== null ? { id: row.handled_by, username: row.handler_username } : null,
        }),
      );
      return { redemptions, total: Number(count.n) };
    },

    process: (staffId: number, id: number) => handle(staffId, id, 'processed'),
    refund: (staffId: number, id: number) => handle(staffId, id, 'refunded'),
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
