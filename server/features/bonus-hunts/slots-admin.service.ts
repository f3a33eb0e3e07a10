import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AdminSlot, slotInputSchema } from '../../../common/contracts/bonus-hunts-admin';
import { countOf } from '../../../common/format';
import type { DB, Executor, SlotRow } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import type { HuntEvents } from './hunt-events';
import { slotNameKey } from './bonus-hunts.service';
import { slotsAdminRepo } from './slots-admin.repo';

type SlotInput = z.infer<typeof slotInputSchema>;

export const SLOT_IMAGE_FOLDER = 'slots';
export const SLOT_MESSAGES = {
  notFound: 'Slot not found.',
  nameTaken: 'A slot with this name is already in the catalogue.',
  inUse: (plays: number) => `This slot was played in ${countOf(plays, 'bonus hunt game')}, so it cannot be deleted. Merge it into another slot instead.`,
  mergeIntoItself: 'Choose another slot to keep.',
  mergeTarget: 'Choose the slot to keep.',
} as const;

const nameTaken = () => new HttpError(409, SLOT_MESSAGES.nameTaken, { name: [SLOT_MESSAGES.nameTaken] });

const toAdminSlot = (row: SlotRow & { plays: number | null }): AdminSlot => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  image: row.image,
  plays: Number(row.plays ?? 0),
  created_at: row.created_at,
});

/** Staff's slot catalogue: what hunts are made of. It also grows by itself as hunts name new slots. */
export function createSlotsAdminService(deps: { db: Kysely<DB>; now: () => Date; uploads: UploadStore; huntEvents: HuntEvents }) {
  const { db, now } = deps;

  function checkImage(image: string | null) {
    if (image !== null && !deps.uploads.isStoredImage(image, SLOT_IMAGE_FOLDER)) throw unprocessable('Upload the image again.', { image: ['Upload the image again.'] });
  }

  async function requireSlot(id: number) {
    const slot = await slotsAdminRepo.find(db, id);
    if (!slot) throw notFound(SLOT_MESSAGES.notFound);
    return slot;
  }

  /**
   * A rename, a new picture or a merge shows at once on the running hunt's page and overlay, and in the history
   * and records (a hunt event refreshes every cached hunt read).
   */
  async function announce(slotId: number) {
    const huntId = await slotsAdminRepo.huntUsing(db, slotId);
    if (huntId !== undefined) deps.huntEvents.changed(huntId);
  }

  return {
    async list(search: string, page: number, perPage: number) {
      const { rows, total } = await slotsAdminRepo.page(db, search, perPage, (page - 1) * perPage);
      return { slots: rows.map(toAdminSlot), total };
    },

    async create(input: SlotInput): Promise<AdminSlot> {
      checkImage(input.image);
      const at = now().toISOString();
      const { name } = input;
      const id = await slotsAdminRepo.insert(db, { name, name_key: slotNameKey(name), provider: input.provider, image: input.image, created_at: at, updated_at: at });
      if (id === undefined) throw nameTaken();
      return toAdminSlot(await requireSlot(id));
    },

    async update(id: number, input: SlotInput): Promise<AdminSlot> {
      const before = await requireSlot(id);
      checkImage(input.image);
      const { name } = input;
      try {
        if (!(await slotsAdminRepo.update(db, id, { name, name_key: slotNameKey(name), provider: input.provider, image: input.image, updated_at: now().toISOString() }))) {
          throw notFound(SLOT_MESSAGES.notFound);
        }
      } catch (error) {
        throw isUniqueViolation(error) ? nameTaken() : error;
      }
      if (before.image !== input.image) await deps.uploads.remove(before.image);
      await announce(id);
      return toAdminSlot(await requireSlot(id));
    },

    /** A slot hunts have used stays: their history names it. Duplicates are merged instead. */
    async remove(id: number) {
      const slot = await requireSlot(id);
      if (!(await slotsAdminRepo.deleteUnused(db, id))) throw new HttpError(409, SLOT_MESSAGES.inUse(Number(slot.plays)));
      await deps.uploads.remove(slot.image);
      return slot.name;
    },

    /** Moves every game and prediction of a duplicate to the slot kept, then deletes the duplicate: one transaction. */
    async merge(id: number, intoId: number) {
      const slot = await requireSlot(id);
      if (intoId === id) throw unprocessable(SLOT_MESSAGES.mergeIntoItself, { into_id: [SLOT_MESSAGES.mergeIntoItself] });
      const moved = await db.transaction().execute(async (trx) => {
        const into = await slotsAdminRepo.find(trx, intoId);
        if (!into) throw unprocessable(SLOT_MESSAGES.mergeTarget, { into_id: [SLOT_MESSAGES.mergeTarget] });
        const games = await slotsAdminRepo.moveUsage(trx, id, into);
        if (!(await slotsAdminRepo.deleteUnused(trx, id))) throw notFound(SLOT_MESSAGES.notFound);
        return { games, into: into.name };
      });
      await deps.uploads.remove(slot.image);
      await announce(intoId);
      return { from: slot.name, ...moved };
    },
  };
}

export type SlotsAdminService = ReturnType<typeof createSlotsAdminService>;

/**
 * The catalogue slot a hunt game names: by id, or by name, which finds the slot of that name (in any case)
 * or adds it to the catalogue. Undefined when the id is unknown.
 */
export async function slotForGame(db: Executor, pick: { slot_id?: number; slot_name?: string; slot_provider: string }, at: string): Promise<number | undefined> {
  if (pick.slot_id !== undefined) return (await slotsAdminRepo.find(db, pick.slot_id))?.id;
  const name = (pick.slot_name ?? '').trim();
  const key = slotNameKey(name);
  const existing = await slotsAdminRepo.findByKey(db, key);
  if (existing) return existing.id;
  const id = await slotsAdminRepo.insert(db, { name, name_key: key, provider: pick.slot_provider, image: null, created_at: at, updated_at: at });
  return id ?? (await slotsAdminRepo.findByKey(db, key))?.id;
}
