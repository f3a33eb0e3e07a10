import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyPage } from '@web/lib/lazy-page';
import { SiteLayout } from './layout/SiteLayout';

/** The route table of spec 2 §2 (except the OBS overlay, a page of its own: web/overlays/); every page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    // What React Router draws until the first page's chunk has arrived: nothing (the splash covers that moment on a
    // first visit, decision 005). It draws nothing without this too (react-router's hooks.js), but warns on every load.
    HydrateFallback: () => null,
    children: [
      { index: true, ...lazyPage(() => import('@web/features/home/pages/HomePage')) },
      { path: '/login', ...lazyPage(() => import('@web/features/auth/pages/LoginPage')) },
      { path: '/profile', lazy: async () => ({ Component: (await import('@web/features/members/pages/ProfilePage')).OwnProfileRedirect }) },
      { path: '/profile/:username', ...lazyPage(() => import('@web/features/members/pages/ProfilePage')) },
      { path: '/store', ...lazyPage(() => import('@web/features/store/pages/StorePage')) },
      { path: '/challenges', ...lazyPage(() => import('@web/features/challenges/pages/ChallengesPage')) },
      { path: '/leaderboard', ...lazyPage(() => import('@web/features/leaderboards/pages/LeaderboardPage')) },
      { path: '/bonus-hunts', ...lazyPage(() => import('@web/features/bonus-hunts/pages/BonusHuntsPage')) },
      { path: '/vip-rewards', ...lazyPage(() => import('@web/features/vip/pages/VipRewardsPage')) },
      { path: '/settings', ...lazyPage(() => import('@web/features/members/pages/SettingsPage')) },
      { path: '/raffles', ...lazyPage(() => import('@web/features/raffles/pages/RafflesPage')) },
      { path: '/raffles/:id', ...lazyPage(() => import('@web/features/raffles/pages/RaffleDetailPage')) },
      { path: '/tournaments', ...lazyPage(() => import('@web/features/tournaments/pages/TournamentsPage')) },
      { path: '/tournaments/:tournamentId', ...lazyPage(() => import('@web/features/tournaments/pages/TournamentDetailPage')) },
      { path: '/tickets', ...lazyPage(() => import('@web/features/tickets/pages/TicketsPage')) },
      { path: '/tickets/create', ...lazyPage(() => import('@web/features/tickets/pages/CreateTicketPage')) },
      { path: '/tickets/:id', ...lazyPage(() => import('@web/features/tickets/pages/TicketDetailPage')) },
      { path: '/contact', ...lazyPage(() => import('@web/features/contact/pages/ContactPage')) },
      { path: '/admin-new/*', ...lazyPage(() => import('./pages/AdminRefusalPage')) },
      { path: '*', ...lazyPage(() => import('./pages/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
