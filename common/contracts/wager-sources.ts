import { z } from 'zod';
import { DATE_FORMATS } from '../wager-sources';

/**
 * How a leaderboard's wager data is fetched (docs/decisions/014-leaderboards.md). Each kind has its own
 * options; the partner's key travels only from the admin form to the server.
 */

/** Empty means not set. */
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();


const path = (label: string) =>
  z
    .string()
    .trim()
    .max(120, `The ${label} path has at most 120 characters.`)
    .regex(/^[A-Za-z0-9_$.-]*$/, `Write the ${label} path with names and dots, such as data.items.`);

/** Empty means not set. */
const optionalPath = (label: string) => path(label).optional();

const httpUrl = z
  .string({ error: 'Enter an address.' })
  .trim()
  .max(500, 'At most 500 characters.')
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'Enter a full address starting with https://');

/** The generic JSON adapter: any partner that answers with a list of players (research §3.15). */
export const genericOptionsSchema = z.object({
  method: z.enum(['GET', 'POST'], { error: 'Choose GET or POST.' }).default('GET'),
  /** May use {start}, {end} (in date_format) and {secret}. */
  url: httpUrl,
  headers: z
    .record(z.string().regex(/^[A-Za-z0-9-]{1,60}$/, 'Header names use letters, digits and dashes.'), z.string().max(2000))
    .refine((value) => Object.keys(value).length <= 10, 'At most 10 headers.')
    .default({}),
  /** A JSON body for POST, with the same placeholders. */
  body: z.string().max(5000, 'At most 5,000 characters.').nullable().default(null),
  date_format: z.enum(DATE_FORMATS, { error: 'Choose a date format.' }).default('iso'),
  /** Where the list of players is: empty for a bare list, or e.g. data.summarizedBets. */
  rows_path: path('rows').default(''),
  fields: z.object({
    username: path('username').min(1, 'Say which field holds the username.'),
    wagered: path('wagered').min(1, 'Say which field holds the wagered amount.'),
    weighted_wagered: optionalPath('weighted wagered'),
  }),
  /** Multiplies every amount: 0.01 when the partner counts in cents. */
  amount_scale: z.number({ error: 'Enter a number such as 1 or 0.01.' }).positive('Must be more than 0.').max(1_000_000).default(1),
  /** For partners that answer errors with HTTP 200: a field that is true on error, and where its message is. */
  error_flag_path: optionalPath('error flag'),
  error_message_path: optionalPath('error message'),
});
export type GenericOptions = z.infer<typeof genericOptionsSchema>;

export const roobetOptionsSchema = z.object({
  /** The affiliate's Roobet user id; read from the token's `id` claim when left empty. */
  user_id: optionalText(64, 'At most 64 characters.'),
  /** e.g. "slots,provably fair". */
  categories: optionalText(200, 'At most 200 characters.'),
});
export const shuffleOptionsSchema = z.object({
  /** Only players who signed up with this code (one affiliate, several codes). */
  campaign_code: optionalText(64, 'At most 64 characters.'),
});
const noOptions = z.object({});

const common = {
  is_enabled: z.boolean({ error: 'Choose yes or no.' }).default(true),
  interval_sec: z
    .number({ error: 'Enter a whole number of seconds.' })
    .int('Enter a whole number of seconds.')
    .min(60, 'Sync at most once a minute (60 seconds).')
    .max(86_400, 'Sync at least once a day (86,400 seconds).')
    .default(300),
  timeout_sec: z
    .number({ error: 'Enter a whole number of seconds.' })
    .int('Enter a whole number of seconds.')
    .min(1, 'At least 1 second.')
    .max(60, 'At most 60 seconds.')
    .default(15),
  rank_on: z.enum(['wagered', 'weighted'], { error: 'Rank on wagered or weighted wagers.' }).default('wagered'),
  /** The partner's address; empty uses its public API address. */
  base_url: httpUrl.nullable().default(null),
  /** A new key replaces the saved one; empty or left out keeps it. */
  secret: z.string().max(2000, 'At most 2,000 characters.').optional(),
};

export const sourceInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('roobet'), ...common, options: roobetOptionsSchema.prefault({}) }),
    z.object({ kind: z.literal('shuffle'), ...common, options: shuffleOptionsSchema.prefault({}) }),
    z.object({ kind: z.literal('rainbet'), ...common, options: noOptions.prefault({}) }),
    z.object({ kind: z.literal('packdraw'), ...common, options: noOptions.prefault({}) }),
    z.object({ kind: z.literal('generic'), ...common, base_url: z.null().default(null), options: genericOptionsSchema }),
  ],
  { error: 'Choose roobet, shuffle, rainbet, packdraw or generic.' },
);
export type SourceInput = z.infer<typeof sourceInputSchema>;
export type SourceInputDraft = z.input<typeof sourceInputSchema>;

export const sourceTestResultSchema = z.object({
  success: z.literal(true),
  data: z.object({
    ok: z.boolean(),
    message: z.string(),
    rows: z.number(),
    duration_ms: z.number(),
    /** The five biggest wagers found, to eyeball the mapping. */
    sample: z.array(z.object({ username: z.string(), wagered: z.number() })),
  }),
});
export type SourceTestResult = z.infer<typeof sourceTestResultSchema>['data'];
