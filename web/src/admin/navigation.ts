import { Award, ClipboardCheck, Crown, Database, Dices, Flame, Gift, HandCoins, Inbox, LifeBuoy, Mail, Tags, Trophy, LayoutDashboard, type LucideIcon, ScrollText, Settings, ShoppingBag, Swords, Target, Ticket, Users } from 'lucide-react';

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
  { label: 'Tournaments', to: '/tournaments', icon: Swords },
  { label: 'Challenges', to: '/challenges', icon: Flame },
  { label: 'Challenge claims', to: '/challenge-claims', icon: ClipboardCheck },
  { label: 'Tickets', to: '/tickets', icon: LifeBuoy },
  { label: 'Ticket categories', to: '/ticket-categories', icon: Tags },
  { label: 'Contact inbox', to: '/contact-inbox', icon: Mail },
  { label: 'Leaderboards', to: '/leaderboards', icon: Trophy },
  { label: 'Wager data', to: '/wager-data', icon: Database },
  { label: 'VIP tiers', to: '/vip-tiers', icon: Crown },
  { label: 'VIP claims', to: '/vip-claims', icon: Gift },
  { label: 'Points ledger', to: '/ledger', icon: ScrollText },
  { label: 'Site settings', to: '/settings', icon: Settings },
];
