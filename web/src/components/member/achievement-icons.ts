import type { AchievementCategory, AchievementIcon } from '@common/achievements';
import {
  Award,
  Crown,
  Flame,
  Gamepad2,
  Gem,
  Gift,
  Heart,
  Medal,
  Rocket,
  Sparkles,
  Star,
  Target,
  TrendingUp,
  Trophy,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';

export const ACHIEVEMENT_ICON_COMPONENTS: Record<AchievementIcon, LucideIcon> = {
  trophy: Trophy,
  star: Star,
  crown: Crown,
  gem: Gem,
  heart: Heart,
  users: Users,
  target: Target,
  gift: Gift,
  flame: Flame,
  zap: Zap,
  medal: Medal,
  rocket: Rocket,
};

/** Spec 2 §2: category icons for gaming, social, wagering, milestone, special, bonus, and a default. */
const CATEGORY_ICONS: Record<AchievementCategory, LucideIcon> = {
  gaming: Gamepad2,
  social: Users,
  wagering: TrendingUp,
  milestone: Medal,
  special: Sparkles,
  bonus: Gift,
};
export const categoryIcon = (category: string): LucideIcon => CATEGORY_ICONS[category as AchievementCategory] ?? Award;
