import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number(),
  type: z.string(),
  data: z.object({ message: z.string().optional(), link: z.string().optional() }),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
