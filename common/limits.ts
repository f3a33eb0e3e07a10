/** Numbers both sides need, kept free of zod so the web bundle can import them cheaply. */

/** The notifications call returns the latest 100; the dropdown shows 10 ('Showing 10 of N'). */
export const NOTIFICATIONS_RETURNED = 100;
export const NOTIFICATIONS_SHOWN = 10;

export const MEMBERS_PER_PAGE = 25;
export const MAX_POINTS_ADJUSTMENT = 10_000_000;
