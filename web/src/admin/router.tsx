import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from './AdminLayout';

const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const createAdminRouter = () =>
  createBrowserRouter(
    [
      {
        element: <AdminLayout />,
        children: [
          { index: true, ...page(() => import('./DashboardPage')) },
          { path: 'members', ...page(() => import('@web/features/members/admin/MembersPage')) },
          { path: 'settings', ...page(() => import('@web/features/settings/admin/SiteSettingsPage')) },
          { path: '*', ...page(() => import('./AdminNotFoundPage')) },
        ],
      },
    ],
    { basename: '/admin-new' },
  );
