import { Crown, Gem, type LucideIcon, Swords, Target, Ticket, Trophy } from 'lucide-react';

export interface NavLink {
  label: string;
  to: string;
  icon: LucideIcon;
  description: string;
}

/** The top bar's two dropdowns (spec 1 §2), shared by the desktop bar, the mobile menu and the footer. */
export const AFFILIATE_LINKS: NavLink[] = [
  { label: 'Leaderboard', to: '/leaderboard', icon: Trophy, description: 'Wager races on partner casinos' },
  { label: 'Challenges', to: '/challenges', icon: Target, description: 'Hit a multiplier, claim the prize' },
  { label: 'VIP Rewards', to: '/vip-rewards', icon: Crown, description: 'Rewards for what you wager' },
];

export const STREAM_LINKS: NavLink[] = [
  { label: 'Bonus Hunts', to: '/bonus-hunts', icon: Gem, description: 'Predict the hunt, follow it live' },
  { label: 'Raffles', to: '/raffles', icon: Ticket, description: 'Enter giveaways with verifiable draws' },
  { label: 'Tournaments', to: '/tournaments', icon: Swords, description: 'Slot brackets and bracket picks' },
];
