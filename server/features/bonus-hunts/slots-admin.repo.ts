import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { likeContains, likeStartsWith } from '../../db/like';
import type { DB, Executor, SlotsTable } from '../../db/types';

const plays = (eb: ExpressionBuilder<DB & { s: DB['slots'] }, 's'>) =>
  eb
    .selectFrom('bonus_hunt_games as g')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('g.slot_id', '=', 's.id')
    .as('plays');

/** The slot catalogue: Kysely queries only, each on the executor it is given. */
export const slotsAdminRepo = {
  /** Slots whose name or provider contains the text; names starting with it first (the type-ahead's best guesses). */
  async page(db: Executor, search: string, limit: number, offset: number) {
    const pattern = likeContains(search);
    const query = search ? db.selectFrom('slots as s').where((eb) => eb.or([eb('s.name_key', 'like', pattern), eb(sql`lower(s.provider)`, 'like', pattern)])) : db.selectFrom('slots as s');
    let rows = query.selectAll('s').select(plays);
    if (search) rows = rows.orderBy(sql`case when s.name_key like ${likeStartsWith(search)} then 0 else 1 end`);
    const [page, count] = await Promise.all([
      rows.orderBy('s.name_key').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: page, total: Number(count.n) };
  },

  find: (db: Executor, id: number) => db.selectFrom('slots as s').selectAll('s').select(plays).where('s.id', '=', id).executeTakeFirst(),

  findByKey: (db: Executor, key: string) => db.selectFrom('slots').selectAll().where('name_key', '=', key).executeTakeFirst(),

  /** Answers the new id, or undefined when the name is taken (also when another insert of it wins a race). */
  insert: async (db: Executor, row: Insertable<SlotsTable>) =>
    (await db.insertInto('slots').values(row).onConflict((oc) => oc.column('name_key').doNothing()).returning('id').executeTakeFirst())?.id,

  update: async (db: Executor, id: number, row: Updateable<SlotsTable>) => Number((await db.updateTable('slots').set(row).where('id', '=', id).executeTakeFirst()).numUpdatedRows) > 0,

  /** Deletes a slot no hunt uses; false when it is gone or in use. */
  deleteUnused: async (db: Executor, id: number) =>
    Number(
      (
        await db
          .deleteFrom('slots')
          .where('id', '=', id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('bonus_hunt_games').select('id').whereRef('bonus_hunt_games.slot_id', '=', 'slots.id'))))
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,

  /** Every game, prediction and tournament seat of one slot now points at another, the predictions under its name. */
  async moveUsage(db: Executor, fromId: number, into: { id: number; name: string }) {
    const games = await db.updateTable('bonus_hunt_games').set({ slot_id: into.id }).where('slot_id', '=', fromId).executeTakeFirst();
    await db.updateTable('bonus_hunt_predictions').set({ game_slot_id: into.id, game_name: into.name }).where('game_slot_id', '=', fromId).execute();
    await db.updateTable('tournament_slots').set({ slot_id: into.id }).where('slot_id', '=', fromId).execute();
    return Number(games.numUpdatedRows);
  },

  /** A hunt that shows this slot, the running one first: its change event tells readers and caches to refetch. */
  huntUsing: async (db: Executor, slotId: number) =>
    (
      await db
        .selectFrom('bonus_hunt_games')
        .innerJoin('bonus_hunts', 'bonus_hunts.id', 'bonus_hunt_games.hunt_id')
        .select('bonus_hunts.id')
        .where('bonus_hunt_games.slot_id', '=', slotId)
        .orderBy('bonus_hunts.is_active', 'desc')
        .orderBy('bonus_hunts.id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.id,
};
