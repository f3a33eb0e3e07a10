import { z } from 'zod';

const label = z.string().trim().min(1, 'A label is required.').max(40, 'At most 40 characters.');
const partner = z.object({
  name: z.string().trim().min(1, 'A partner name is required.').max(40, 'At most 40 characters.'),
  url: z
    .string()
    .trim()
    .max(300, 'At most 300 characters.')
    .url('Enter a full address starting with https://')
    .refine((value) => /^https?:\/\//i.test(value), 'Only http and https addresses are allowed.'),
});

/** Everything staff can edit on the Site settings page. */
export const siteSettingsSchema = z.object({
  site_name: z.string().trim().min(1, 'The site name is required.').max(60, 'At most 60 characters.'),
  site_description: z.string().trim().max(300, 'At most 300 characters.'),
  kick_channel: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use the channel name as it appears in the kick.com address.'),
  creator_code: z.string().trim().min(1, 'The creator code is required.').max(30, 'At most 30 characters.'),
  partners: z.object({ primary: partner, secondary: partner }),
  /** Off hides the friends dropdown and friend controls, and the friends calls answer disabled: true. */
  friends_enabled: z.boolean(),
  casino: z.object({
    crypto1_enabled: z.boolean(),
    crypto2_enabled: z.boolean(),
    crypto3_enabled: z.boolean(),
    crypto1_label: label,
    crypto2_label: label,
    crypto3_label: label,
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const settingsResponseSchema = siteSettingsSchema.extend({ success: z.literal(true) });
