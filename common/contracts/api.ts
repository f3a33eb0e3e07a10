import { z } from 'zod';
import { formatCount } from '../format';

/** Every refusal the API sends: a sentence for people, and per-field messages for forms. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** The largest id a table's key holds (PostgreSQL's integer): past it the database fails (a 500) instead of refusing. */
export const ID_MAX = 2_147_483_647;

/** A record's id in a path or a query: in digits only ("0x10", "1e3" and " 7" are no ids), from 1 to ID_MAX. */
export const idText = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().positive('must be positive').max(ID_MAX, 'is too large'));

/** A record's id in a request body; every refusal says `message`, which tells the member what to choose. */
export const recordId = (message: string) => z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);

export const idParamSchema = z.object({ id: idText });

/** One page of a staff list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), page: z.number(), pages: z.number(), total: z.number() });

/** The furthest page a list goes to. */
export const PAGE_MAX = 100_000;
/** `?page=` of every paged list; its rules each with their own sentence (the schema's error alone would say "whole number" of 99999999). */
export const pageQueryParam = z.coerce
  .number({ error: 'Page must be a whole number.' })
  .int('Page must be a whole number.')
  .min(1, 'Page must be 1 or more.')
  .max(PAGE_MAX, `Page can be at most ${formatCount(PAGE_MAX)}.`)
  .default(1);
