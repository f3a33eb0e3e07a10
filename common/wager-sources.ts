/** Wager-source facts the admin form and the server share (the zod contract is in contracts/wager-sources.ts). */

/** How the generic JSON adapter writes {start} and {end} into a partner's address or body. */
export const DATE_FORMATS = ['iso', 'yyyy-MM-dd', 'M-d-yyyy', 'unix_s', 'unix_ms'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The partners' public API addresses, used when a source leaves its address empty (research §3). */
export const WAGER_SOURCE_DEFAULT_URLS = {
  roobet: 'https://roobetconnect.com',
  shuffle: 'https://affiliate.shuffle.com',
  rainbet: 'https://services.rainbet.com',
  packdraw: 'https://packdraw.com',
} as const;
