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
  return {
    /** Pass the transaction of the change being announced, so the two are written together. */
    async notify(db: Executor, userId: number, notification: NewNotification) {
      const { type, message, link } = notification;
      await notificationsRepo.insert(db, {
        user_id: userId,
        type,
        data: JSON.stringify(link ? { message, link } : { message }),
        created_at: deps.now().toISOString(),
      });
    },

    async list(userId: number): Promise<Notification[]> {
      const rows = await notificationsRepo.latest(deps.db, userId, NOTIFICATIONS_RETURNED);
      return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Notification['data'] }));
    },

    async markRead(userId: number, id: number) {
      const found = await notificationsRepo.markRead(deps.db, userId, id, deps.now().toISOString());
      if (!found) throw notFound('Notification not found.');
    },

    markAllRead: (userId: number) => notificationsRepo.markAllRead(deps.db, userId, deps.now().toISOString()),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
