import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_ICONS, ACHIEVEMENT_RULE_KINDS } from '../achievements';
import { recordId } from './api';

export const achievementDefinitionSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  icon: z.enum(ACHIEVEMENT_ICONS),
  rule_kind: z.enum(ACHIEVEMENT_RULE_KINDS),
  rule_threshold: z.number().nullable(),
  awarded_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AchievementDefinition = z.infer<typeof achievementDefinitionSchema>;

export const achievementListSchema = z.object({ success: z.literal(true), data: z.array(achievementDefinitionSchema) });
export const achievementResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: achievementDefinitionSchema });

export const achievementInputSchema = z
  .object({
    title: z.string({ error: 'Give the achievement a title.' }).trim().min(2, 'Give the achievement a title of at least 2 characters.').max(60, 'At most 60 characters.'),
    description: z.string({ error: 'Describe how to earn it.' }).trim().min(3, 'Describe how to earn it in at least 3 characters.').max(200, 'At most 200 characters.'),
    category: z.enum(ACHIEVEMENT_CATEGORIES, { error: 'Choose a category.' }),
    icon: z.enum(ACHIEVEMENT_ICONS, { error: 'Choose an icon.' }),
    rule_kind: z.enum(ACHIEVEMENT_RULE_KINDS, { error: 'Choose how it is awarded.' }),
    rule_threshold: z
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(1, 'The threshold must be at least 1.')
      .max(1_000_000, 'At most 1,000,000.')
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if (value.rule_kind !== 'manual' && value.rule_threshold === null) {
      ctx.addIssue({ code: 'custom', path: ['rule_threshold'], message: 'Automatic achievements need a threshold.' });
    }
  })
  .transform((value) => ({ ...value, rule_threshold: value.rule_kind === 'manual' ? null : value.rule_threshold }));
export type AchievementInput = z.infer<typeof achievementInputSchema>;

export const grantAchievementSchema = z.object({
  achievement_id: recordId('Choose an achievement.'),
});
