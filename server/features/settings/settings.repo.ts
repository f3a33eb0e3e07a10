import type { Executor } from '../../db/types';

export const settingsRepo = {
  all: (db: Executor) => db.selectFrom('site_settings').select(['key', 'value']).execute(),

  one: (db: Executor, key: string) => db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst(),

  async put(db: Executor, key: string, value: string, at: string) {
    await db
      .insertInto('site_settings')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  },
};
