/** Numbers both sides need, kept free of zod so the web bundle can import them cheaply. */

/** The notifications call returns the latest 100; the dropdown shows 10 ('Showing 10 of N'). */
export const NOTIFICATIONS_RETURNED = 100;
export const NOTIFICATIONS_SHOWN = 10;
/**
 * `GET /api/notifications` answers the spec's list (the latest NOTIFICATIONS_RETURNED) and, in these headers, how many
 * the member has in all and how many of them are unread: a member with more than the list holds still sees
 * "Showing 10 of 240" and their whole unread count. Here rather than beside the notification schema: the top bar
 * needs them on every page, and that module brings zod with it.
 */
export const NOTIFICATION_COUNT_HEADERS = { total: 'x-total-count', unread: 'x-unread-count' } as const;

export const MEMBERS_PER_PAGE = 25;
export const MAX_POINTS_ADJUSTMENT = 10_000_000;

/** Spec 1 §9: the friends dropdown lists 8 friends and caps the pending badge at 9+. */
export const FRIENDS_SHOWN = 8;
export const PENDING_BADGE_CAP = 9;
/** Seen within this long counts as online. */
export const ONLINE_WITHIN_MS = 5 * 60 * 1000;
export const FRIEND_SEARCH_MAX_LENGTH = 50;
export const FRIEND_SEARCH_RESULTS = 20;
/** Spec 1 §5: the search waits this long after the last keystroke. */
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;
/** Spec 1 §4: the hover card opens and closes after these delays. */
export const HOVER_CARD_OPEN_MS = 300;
export const HOVER_CARD_CLOSE_MS = 150;
export const BIO_MAX_LENGTH = 500;
/** The Activity tab lists up to this many of each kind, newest first; the overview cuts them to PROFILE_OVERVIEW_ITEMS. */
export const PROFILE_ACTIVITY_ITEMS = 10;
/** Spec 2 §2: the overview shows the 3 latest bonus hunt predictions, 2 tournament predictions and 2 raffle entries. */
export const PROFILE_OVERVIEW_ITEMS = { hunts: 3, tournaments: 2, raffles: 2 } as const;

export const STORE_SORTS = ['price_asc', 'price_desc', 'popular', 'newest'] as const;
export const STORE_PRICE_RANGES = ['0-1000', '1000-5000', '5000-10000', '10000+'] as const;
/** Spec 1 §9: the low-stock warning shows at 5 or fewer. */
export const LOW_STOCK_AT = 5;
export const STORE_RECENT_PURCHASES = 10;
export const REDEMPTIONS_PER_PAGE = 25;
