/**
 * Every page of the site (spec 2 §2), in the path syntax both Fastify and React Router read. The server
 * answers these with the app and 200 (the OBS overlay with a small page of its own, without the app); any
 * other page path gets the app's Not Found page with 404.
 */
export const SITE_PAGES = [
  '/',
  '/leaderboard',
  '/store',
  '/challenges',
  '/bonus-hunts',
  '/contact',
  '/tickets',
  '/tickets/create',
  '/tickets/:id',
  '/raffles',
  '/raffles/:id',
  '/tournaments',
  '/tournaments/:tournamentId',
  '/profile',
  '/profile/:username',
  '/settings',
  '/vip-rewards',
  '/overlays/bonus-hunt',
] as const;

/** Pages that OBS loads as a browser source and may therefore be framed. */
export const FRAMEABLE_PAGES = new Set<string>(['/overlays/bonus-hunt']);
