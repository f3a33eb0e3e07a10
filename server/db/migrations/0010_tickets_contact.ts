import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

/** Support tickets with their replies and categories, the contact inbox and captchas (decision 022). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('ticket_categories'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Lower-cased, trimmed name: no two categories members could not tell apart.
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('tickets'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // A category in use cannot be deleted (the service refuses); set null only if a member row goes.
    .addColumn('category_id', 'integer', (col) => col.references('ticket_categories.id').onDelete('set null'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'in_progress', 'waiting', 'resolved', 'closed')`))
    .addColumn('priority', 'text', (col) => col.notNull().defaultTo('medium').check(sql`priority in ('low', 'medium', 'high', 'urgent')`))
    .addColumn('assigned_to', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // JSON list of {path, filename}: re-encoded uploads under tickets/.
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    // Kept by the transaction that adds a reply.
    .addColumn('replies_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`replies_count >= 0`))
    .addColumn('last_reply_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tickets_by_user').on('tickets').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('tickets_by_status').on('tickets').columns(['status', 'updated_at']).execute();

  await withId(db, db.schema.createTable('ticket_replies'))
    .addColumn('ticket_id', 'integer', (col) => col.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (col) => col.notNull())
    // Written as staff from the admin panel (spec 2 §6: "Staff replies carry is_admin").
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ticket_replies_by_ticket').on('ticket_replies').columns(['ticket_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('contact_messages'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('read_at', 'text')
    .addColumn('archived_at', 'text')
    .addColumn('emailed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_by_created').on('contact_messages').columns(['created_at']).execute();

  // One row per captcha shown: its answer (hashed), until it is answered once or expires.
  await db.schema
    .createTable('captchas')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('answer_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('captchas_by_expiry').on('captchas').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['captchas', 'contact_messages', 'ticket_replies', 'tickets', 'ticket_categories']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
