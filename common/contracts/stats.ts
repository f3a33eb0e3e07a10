import { z } from 'zod';

export const totalGivenAwaySchema = z.object({
  success: z.literal(true),
  total: z.number(),
  formatted_total: z.string(),
});
