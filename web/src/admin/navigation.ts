import { Award, HandCoins, Inbox, LayoutDashboard, type LucideIcon, ScrollText, Settings, ShoppingBag, Users } from 'lucide-react';

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
  { label: 'Points ledger', to: '/ledger', icon: ScrollText },
  { label: 'Site settings', to: '/settings', icon: Settings },
];
