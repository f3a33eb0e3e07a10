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

/**
 * The source module (under web/) of each page's own chunk, as web/src/app/router.tsx imports it ('*' is the Not Found
 * page): the server sends a modulepreload for the chunk of the page asked for with the HTML, so a phone fetches it
 * alongside the app's entry instead of after it has run (server/platform/page-preload.ts; a test keeps the two lists
 * in step).
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'src/features/home/pages/HomePage.tsx',
  '/profile': 'src/features/members/pages/ProfilePage.tsx',
  '/profile/:username': 'src/features/members/pages/ProfilePage.tsx',
  '/store': 'src/features/store/pages/StorePage.tsx',
  '/challenges': 'src/features/challenges/pages/ChallengesPage.tsx',
  '/leaderboard': 'src/features/leaderboards/pages/LeaderboardPage.tsx',
  '/bonus-hunts': 'src/features/bonus-hunts/pages/BonusHuntsPage.tsx',
  '/vip-rewards': 'src/features/vip/pages/VipRewardsPage.tsx',
  '/settings': 'src/features/members/pages/SettingsPage.tsx',
  '/raffles': 'src/features/raffles/pages/RafflesPage.tsx',
  '/raffles/:id': 'src/features/raffles/pages/RaffleDetailPage.tsx',
  '/tournaments': 'src/features/tournaments/pages/TournamentsPage.tsx',
  '/tournaments/:tournamentId': 'src/features/tournaments/pages/TournamentDetailPage.tsx',
  '/tickets': 'src/features/tickets/pages/TicketsPage.tsx',
  '/tickets/create': 'src/features/tickets/pages/CreateTicketPage.tsx',
  '/tickets/:id': 'src/features/tickets/pages/TicketDetailPage.tsx',
  '/contact': 'src/features/contact/pages/ContactPage.tsx',
  '*': 'src/app/pages/NotFoundPage.tsx',
};
