import { z } from 'zod';

/** unknown: Kick could not be asked (down, blocked, slow); the badge then reads offline. */
export const streamStatusSchema = z.object({
  success: z.literal(true),
  data: z.object({
    channel: z.string(),
    url: z.string(),
    status: z.enum(['live', 'offline', 'unknown']),
    viewer_count: z.number().nullable(),
    title: z.string().nullable(),
  }),
});
export type StreamStatus = z.infer<typeof streamStatusSchema>['data'];
