import { z } from 'zod';

/** Every refusal the API sends: a sentence for people, and per-field messages for forms. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be positive')
    .max(2_147_483_647, 'is too large'),
});

/** One page of a staff list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), page: z.number(), pages: z.number(), total: z.number() });

export const pageQueryParam = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(100_000).default(1);
