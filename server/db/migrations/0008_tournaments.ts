import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

/** Tournaments, their seats and matches, and members' bracket predictions (decision 020). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('tournaments'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`size in (4, 8, 16, 32)`))
    // Running: from the bracket's generation until staff finish it.
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('predictions_active', 'integer', (col) => col.notNull().defaultTo(0))
    // Kept up to date by every first save of a prediction, under this row's lock (closing predictions takes it too).
    .addColumn('predictions_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`predictions_count >= 0`))
    // Points for the best predictors, first place first, as a JSON list of whole numbers ("[]": none).
    .addColumn('reward_points', 'text', (col) => col.notNull().defaultTo('[]'))
    // Set when the bracket's matches were made; members see a tournament only from then on.
    .addColumn('generated_at', 'text')
    // Set once, in the transaction that pays the rewards.
    .addColumn('finished_at', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tournaments_by_created').on('tournaments').columns(['created_at']).execute();

  await withId(db, db.schema.createTable('tournament_slots'))
    .addColumn('tournament_id', 'integer', (col) => col.notNull().references('tournaments.id').onDelete('cascade'))
    // 1…size, the seeding order: slot 1 plays slot 2 in match 1, and so on.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('slot_id', 'integer', (col) => col.references('slots.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addUniqueConstraint('tournament_slots_one_per_position', ['tournament_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('tournament_matches'))
    .addColumn('tournament_id', 'integer', (col) => col.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('round', 'integer', (col) => col.notNull())
    // 1…size-1 across the bracket, round 1 first.
    .addColumn('match_number', 'integer', (col) => col.notNull())
    // The seats playing (null: TBD until the feeding match has a winner); their member and catalogue slot travel along.
    .addColumn('slot1_position', 'integer')
    .addColumn('slot2_position', 'integer')
    .addColumn('slot1_multiplier_centi', 'bigint')
    .addColumn('slot2_multiplier_centi', 'bigint')
    // 1 or 2: which seat won; null: undecided.
    .addColumn('winner_side', 'integer', (col) => col.check(sql`winner_side in (1, 2)`))
    .addColumn('decided_at', 'text')
    .addUniqueConstraint('tournament_matches_one_number', ['tournament_id', 'match_number'])
    .execute();

  await withId(db, db.schema.createTable('tournament_predictions'))
    .addColumn('tournament_id', 'integer', (col) => col.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Scored when saved and re-scored in the transaction that sets or changes any result.
    .addColumn('picks_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('correct_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('decided_count', 'integer', (col) => col.notNull().defaultTo(0))
    // correct / decided in basis points (0…10000), so the ranking is one indexed ORDER BY.
    .addColumn('accuracy_bp', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('tournament_predictions_one_per_member', ['tournament_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('tournament_predictions_ranked')
    .on('tournament_predictions')
    .columns(['tournament_id', 'accuracy_bp desc', 'correct_count desc', 'picks_count desc', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('tournament_predictions_by_user').on('tournament_predictions').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('tournament_picks'))
    .addColumn('prediction_id', 'integer', (col) => col.notNull().references('tournament_predictions.id').onDelete('cascade'))
    .addColumn('match_id', 'integer', (col) => col.notNull().references('tournament_matches.id').onDelete('cascade'))
    // The seat picked to win (its name is the slot's name at that position).
    .addColumn('winner_position', 'integer', (col) => col.notNull())
    .addUniqueConstraint('tournament_picks_one_per_match', ['prediction_id', 'match_id'])
    .execute();
  await db.schema.createIndex('tournament_picks_by_match').on('tournament_picks').columns(['match_id']).execute();

  await withId(db, db.schema.createTable('tournament_rewards'))
    .addColumn('tournament_id', 'integer', (col) => col.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('place', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('tournament_rewards_one_per_place', ['tournament_id', 'place'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tournament_rewards', 'tournament_picks', 'tournament_predictions', 'tournament_matches', 'tournament_slots', 'tournaments']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
