import { Award, Crown, Database, Dices, Gift, HandCoins, Inbox, Trophy, LayoutDashboard, type LucideIcon, ScrollText, Settings, ShoppingBag, Target, Ticket, Users } from 'lucide-react';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown to admins only (moderators cannot use the page at all). */
  adminOnly?: boolean;
}

/** Each area adds its admin pages here and in admin/router.tsx. */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Members', to: '/members', icon: Users },
  { label: 'Achievements', to: '/achievements', icon: Award },
  { label: 'Store items', to: '/store', icon: ShoppingBag },
  { label: 'Redemptions', to: '/redemptions', icon: Inbox },
  { label: 'Earning rules', to: '/earning-rules', icon: HandCoins },
  { label: 'Bonus hunts', to: '/bonus-hunts', icon: Target },
  { label: 'Slots', to: '/slots', icon: Dices },
  { label: 'Raffles', to: '/raffles', icon: Ticket },
  { label: 'Leaderboards', to: '/leaderboards', icon: Trophy },
  { label: 'Wager data', to: '/wager-data', icon: Database },
  { label: 'VIP tiers', to: '/vip-tiers', icon: Crown },
  { label: 'VIP claims', to: '/vip-claims', icon: Gift },
  { label: 'Points ledger', to: '/ledger', icon: ScrollText },
  { label: 'Site settings', to: '/settings', icon: Settings },
];
