import { createBrowserRouter } from 'react-router';
import { lazyPage } from '@web/lib/lazy-page';
import { AdminLayout } from './AdminLayout';

export const createAdminRouter = () =>
  createBrowserRouter(
    [
      {
        element: <AdminLayout />,
        // Nothing until the first page's chunk has arrived, as without it (react-router's hooks.js), minus the warning.
        HydrateFallback: () => null,
        children: [
          { index: true, ...lazyPage(() => import('./DashboardPage')) },
          { path: 'members', ...lazyPage(() => import('@web/features/members/admin/MembersPage')) },
          { path: 'achievements', ...lazyPage(() => import('@web/features/members/admin/AchievementsPage')) },
          { path: 'store', ...lazyPage(() => import('@web/features/store/admin/StoreItemsPage')) },
          { path: 'redemptions', ...lazyPage(() => import('@web/features/store/admin/RedemptionsPage')) },
          { path: 'earning-rules', ...lazyPage(() => import('@web/features/points/admin/EarningRulesPage')) },
          { path: 'bonus-hunts', ...lazyPage(() => import('@web/features/bonus-hunts/admin/HuntsPage')) },
          { path: 'bonus-hunts/:id', ...lazyPage(() => import('@web/features/bonus-hunts/admin/HuntRunnerPage')) },
          { path: 'slots', ...lazyPage(() => import('@web/features/bonus-hunts/admin/SlotsPage')) },
          { path: 'raffles', ...lazyPage(() => import('@web/features/raffles/admin/RafflesPage')) },
          { path: 'raffles/:id', ...lazyPage(() => import('@web/features/raffles/admin/RaffleDetailPage')) },
          { path: 'tournaments', ...lazyPage(() => import('@web/features/tournaments/admin/TournamentsPage')) },
          { path: 'tournaments/:id', ...lazyPage(() => import('@web/features/tournaments/admin/TournamentDetailPage')) },
          { path: 'challenges', ...lazyPage(() => import('@web/features/challenges/admin/ChallengesPage')) },
          { path: 'challenge-claims', ...lazyPage(() => import('@web/features/challenges/admin/ClaimsPage')) },
          { path: 'tickets', ...lazyPage(() => import('@web/features/tickets/admin/TicketQueuePage')) },
          { path: 'tickets/:id', ...lazyPage(() => import('@web/features/tickets/admin/TicketAdminPage')) },
          { path: 'ticket-categories', ...lazyPage(() => import('@web/features/tickets/admin/TicketCategoriesPage')) },
          { path: 'contact-inbox', ...lazyPage(() => import('@web/features/contact/admin/ContactInboxPage')) },
          { path: 'leaderboards', ...lazyPage(() => import('@web/features/leaderboards/admin/LeaderboardsAdminPage')) },
          { path: 'wager-data', ...lazyPage(() => import('@web/features/leaderboards/admin/WagerDataPage')) },
          { path: 'vip-tiers', ...lazyPage(() => import('@web/features/vip/admin/VipTiersPage')) },
          { path: 'vip-claims', ...lazyPage(() => import('@web/features/vip/admin/VipClaimsPage')) },
          { path: 'ledger', ...lazyPage(() => import('@web/features/points/admin/LedgerPage')) },
          { path: 'settings', ...lazyPage(() => import('@web/features/settings/admin/SiteSettingsPage')) },
          { path: '*', ...lazyPage(() => import('./AdminNotFoundPage')) },
        ],
      },
    ],
    { basename: '/admin-new' },
  );
