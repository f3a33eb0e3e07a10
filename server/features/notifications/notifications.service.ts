import type { Kysely } from 'kysely';
import type { Notification } from '../../../common/contracts/notifications';
import { NOTIFICATIONS_RETURNED } from '../../../common/limits';
import type { DB, Executor } from '../../db/types';
import { notFound } from '../../platform/errors';
import { notificationsRepo } from './notifications.repo';

export interface NewNotification {
  /** What kind of event this is (welcome, points_adjusted, ...), for filtering and icons. */
  type: string;
  message: string;
  /** A path inside the site the notification leads to. */
  link?: string;
}

export function createNotificationsService(deps: { db: Kysely<DB>; now: () => Date }) {
  /** Several notifications in one statement (a batch of raffle entries unlocking achievements). */
  async function notifyMany(db: Executor, list: readonly { userId: number; notification: NewNotification }[]) {
    const created_at = deps.now().toISOString();
    await notificationsRepo.insert(
      db,
      list.map(({ userId, notification: { type, message, link } }) => ({
        user_id: userId,
        type,
        data: JSON.stringify(link ? { message, link } : { message }),
        created_at,
      })),
    );
  }

  return {
    /** Pass the transaction of the change being announced, so the two are written together. */
    notify: (db: Executor, userId: number, notification: NewNotification) => notifyMany(db, [{ userId, notification }]),

    notifyMany,

    async list(userId: number): Promise<Notification[]> {
      const rows = await notificationsRepo.latest(deps.db, userId, NOTIFICATIONS_RETURNED);
      return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Notification['data'] }));
    },

    /** How many the member has in all and unread, past the list's limit too. */
    counts: (userId: number) => notificationsRepo.counts(deps.db, userId),

    async markRead(userId: number, id: number) {
      const found = await notificationsRepo.markRead(deps.db, userId, id, deps.now().toISOString());
      if (!found) throw notFound('Notification not found.');
    },

    markAllRead: (userId: number) => notificationsRepo.markAllRead(deps.db, userId, deps.now().toISOString()),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
