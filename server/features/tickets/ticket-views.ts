import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '../../../common/tickets';
import type { Ticket, TicketImage, TicketReply } from '../../../common/contracts/tickets';
import type { TicketReplyRow, TicketRow, UserRow } from '../../db/types';

/* One mapping from stored rows to what the API answers, used by the members' and the staff services (decision 022). */

export type AvatarOf = (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;

/** Upload folder of ticket and reply screenshots. */
export const TICKET_IMAGE_FOLDER = 'tickets';

/** A stored attachment: the upload's path and the name it was uploaded with (cut to 120 characters). */
export interface StoredTicketImage {
  path: string;
  filename: string;
}
export const FILENAME_KEPT = 120;
export const storedImage = (path: string, filename: string): StoredTicketImage => ({ path, filename: filename.slice(0, FILENAME_KEPT) });
export const imagesOf = (json: string): TicketImage[] =>
  (JSON.parse(json) as StoredTicketImage[]).map(({ path, filename }) => ({ url: `/storage/${path}`, filename }));

/** Spec 2 §3 Ticket, from the row and its category's name. */
export const toTicket = (row: TicketRow & { category_name: string | null }): Ticket => ({
  id: row.id,
  title: row.title,
  description: row.description,
  category: row.category_name === null ? null : { name: row.category_name },
  status: row.status,
  status_label: TICKET_STATUS_LABELS[row.status],
  priority: row.priority,
  priority_label: TICKET_PRIORITY_LABELS[row.priority],
  replies_count: Number(row.replies_count),
  created_at: row.created_at,
  updated_at: row.updated_at,
  images: imagesOf(row.images),
});

/** Spec 2 §3 Reply, from the row and its author's columns. */
export const toReply = (row: TicketReplyRow & Pick<UserRow, 'username' | 'discord_id' | 'avatar'>, avatarOf: AvatarOf): TicketReply => ({
  id: row.id,
  message: row.message,
  created_at: row.created_at,
  is_admin: Boolean(row.is_admin),
  user: { username: row.username, avatar: avatarOf({ id: row.user_id, discord_id: row.discord_id, avatar: row.avatar }) },
  images: imagesOf(row.images),
});
