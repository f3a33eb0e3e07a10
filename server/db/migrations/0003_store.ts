import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('store_items'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('cost', 'bigint', (col) => col.notNull().check(sql`cost > 0`))
    // With a code pool, stock is the number of unused codes (kept in step in the same transactions).
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn('required_role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('max_purchases_per_user', 'integer')
    .addColumn('uses_codes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('store_redemptions'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('store_items.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('cost', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'processed', 'refunded')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('handled_at', 'text')
    .addColumn('handled_by', 'integer', (col) => col.references('users.id'))
    .execute();
  await db.schema.createIndex('store_redemptions_item_user').on('store_redemptions').columns(['item_id', 'user_id']).execute();
  await db.schema.createIndex('store_redemptions_user').on('store_redemptions').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('store_redemptions_status').on('store_redemptions').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('store_item_codes'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('store_items.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('redemption_id', 'integer', (col) => col.references('store_redemptions.id').unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('store_item_codes_item_code', ['item_id', 'code'])
    .execute();
  await db.schema.createIndex('store_item_codes_unused').on('store_item_codes').columns(['item_id', 'redemption_id', 'id']).execute();

  const stamp = new Date().toISOString();
  await db
    .insertInto('achievements')
    .values({
      title: 'Treat Yourself',
      description: 'Redeemed your first reward in the store.',
      category: 'bonus',
      icon: 'gift',
      rule_kind: 'store_redemptions',
      rule_threshold: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('achievements').where('rule_kind', '=', 'store_redemptions').where('title', '=', 'Treat Yourself').execute();
  for (const table of ['store_item_codes', 'store_redemptions', 'store_items']) await db.schema.dropTable(table).ifExists().execute();
}
