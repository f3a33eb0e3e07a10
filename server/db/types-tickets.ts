import type { Generated, Selectable } from 'kysely';
import type { TicketPriority, TicketStatus } from '../../common/tickets';

/* Tables of tickets, replies, categories, contact messages and captchas (migration 0010); conventions as in types.ts. */
export interface TicketCategoriesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TicketsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number | null;
  title: string;
  description: string;
  status: Generated<TicketStatus>;
  priority: Generated<TicketPriority>;
  assigned_to: number | null;
  /** JSON list of {path, filename}. */
  images: Generated<string>;
  replies_count: Generated<number>;
  last_reply_at: string | null;
  created_at: string;
  updated_at: string;
}
export type TicketRow = Selectable<TicketsTable>;

export interface TicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  user_id: number;
  message: string;
  is_admin: Generated<number>;
  images: Generated<string>;
  created_at: string;
}
export type TicketReplyRow = Selectable<TicketRepliesTable>;

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: number | null;
  read_at: string | null;
  archived_at: string | null;
  emailed_at: string | null;
  created_at: string;
}
export type ContactMessageRow = Selectable<ContactMessagesTable>;

export interface CaptchasTable {
  token: string;
  answer_hash: string;
  expires_at: string;
}
