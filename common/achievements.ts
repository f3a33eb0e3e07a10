/** Spec 2 §2: the categories achievements come in (each has its icon on the profile; others use the default). */
export const ACHIEVEMENT_CATEGORIES = ['gaming', 'social', 'wagering', 'milestone', 'special', 'bonus'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/** The badge icons staff can pick for an achievement. */
export const ACHIEVEMENT_ICONS = ['trophy', 'star', 'crown', 'gem', 'heart', 'users', 'target', 'gift', 'flame', 'zap', 'medal', 'rocket'] as const;
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number];

/**
 * What awards an achievement by itself: each area reports a member's count when it changes, and every
 * achievement of that kind whose threshold is reached is awarded. 'manual' ones only staff award.
 */
export const ACHIEVEMENT_RULES = {
  manual: 'Awarded by staff only',
  friends: 'Number of friends',
  level: 'Level reached',
  bonus_hunt_predictions: 'Bonus hunt predictions made',
  tournament_predictions: 'Tournament predictions made',
  raffle_entries: 'Raffle entries',
  store_redemptions: 'Store redemptions',
} as const;
export type AchievementRuleKind = keyof typeof ACHIEVEMENT_RULES;
export const ACHIEVEMENT_RULE_KINDS = Object.keys(ACHIEVEMENT_RULES) as AchievementRuleKind[];
