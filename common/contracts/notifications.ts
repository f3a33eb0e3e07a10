import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number(),
  type: z.string(),
  data: z.object({ message: z.string().optional(), link: z.string().optional() }),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * `GET /api/notifications` answers the spec's list (the latest NOTIFICATIONS_RETURNED) and, in these headers, how many
 * the member has in all and how many of them are unread: a member with more than the list holds still sees
 * "Showing 10 of 240" and their whole unread count.
 */
export const NOTIFICATION_COUNT_HEADERS = { total: 'x-total-count', unread: 'x-unread-count' } as const;
