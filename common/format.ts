const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** $1,234.50 */
export const formatUsd = (dollars: number) => usd.format(dollars);
/** $1,235 (user card and VIP page) */
export const formatUsdWhole = (dollars: number) => usdWhole.format(dollars);
/** 12,345 (0 when missing) */
export const formatPoints = (points: number | null | undefined) => whole.format(points ?? 0);
/** 12.34x */
export const formatMultiplier = (multiplier: number) => `${multiplier.toFixed(2)}x`;

/** 'Just now', '5m ago', '3h ago', '2d ago' (spec 1 §9). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** Nov 22, 2026 */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
