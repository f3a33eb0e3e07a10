/*
 * en-US numbers and dates written out here rather than by Intl: a page's first Intl formatter loads ICU's locale data,
 * 35–100 ms of a throttled phone's main thread (bench:front-end's 4x CPU), and these formats are on every page.
 */

/**
 * A non-negative number rounded half up to `fractionDigits`, as the decimal it prints as (1.005 → 1.01, as Intl does;
 * toFixed rounds the binary value just below it, 1.00).
 */
function roundedDigits(value: number, fractionDigits: number): string {
  const shortest = String(value);
  if (shortest.includes('e') || value >= 1e15) return value.toFixed(fractionDigits);
  const units = String(Math.round(Number(`${shortest}e${fractionDigits}`)));
  if (!fractionDigits) return units;
  const padded = units.padStart(fractionDigits + 1, '0');
  return `${padded.slice(0, -fractionDigits)}.${padded.slice(-fractionDigits)}`;
}

/** 1,234.50: grouped by thousands, rounded half away from zero to `fractionDigits`; never "-0". */
export function formatDecimal(value: number, fractionDigits: number): string {
  const fixed = roundedDigits(Math.abs(value), fractionDigits);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 && Number(fixed) !== 0 ? '-' : ''}${fraction ? `${grouped}.${fraction}` : grouped}`;
}

/** -C$1,234.50: the sign before the currency symbol; like formatDecimal, never "-0". */
export function formatMoney(amount: number, fractionDigits: number, currencySymbol = '$'): string {
  const digits = formatDecimal(amount, fractionDigits);
  return digits.startsWith('-') ? `-${currencySymbol}${digits.slice(1)}` : `${currencySymbol}${digits}`;
}

/** $1,234.50 */
export const formatUsd = (amount: number) => formatMoney(amount, 2);
/** $1,235 (user card and VIP page) */
export const formatUsdWhole = (amount: number) => formatMoney(amount, 0);
/** 12,345 */
export const formatCount = (count: number) => formatDecimal(count, 0);
/** "1 slot", "12,345 slots"; `many` for irregular plurals ("2 matches", "3 slots are"). */
export const countOf = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;
/** 12,345 (0 when missing) */
export const formatPoints = (points: number | null | undefined) => formatCount(points ?? 0);
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Nov 22, 2026 (the day in UTC) */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Nov 22, 2026, 3:05 PM (in the viewer's time zone) */
export function formatLocalDateTime(date: Date): string {
  const hours = date.getHours();
  const time = `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${time}`;
}

/** Dollars (or a multiplier) as the whole hundredths every amount is stored in: 12.34 → 1234. */
export const hundredthsOf = (value: number) => Math.round(value * 100);
/**
 * At most two decimals, allowing for binary fractions (0.29 * 100 is 28.999…). A check of "more than 0" goes on
 * hundredthsOf(value): 0.000000001 has "two decimals" by this tolerance and is stored as 0.
 */
export const hasTwoDecimalsAtMost = (value: number) => Math.abs(hundredthsOf(value) - value * 100) < 1e-6;
