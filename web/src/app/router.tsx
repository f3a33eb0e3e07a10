import { createBrowserRouter, type RouteObject } from 'react-router';
import { COMING_SOON } from './coming-soon';
import { SiteLayout } from './layout/SiteLayout';

const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const comingSoon = (path: string): RouteObject => ({
  path,
  lazy: async () => {
    const { ComingSoon } = await import('./pages/ComingSoonPage');
    const props = COMING_SOON[path];
    return { Component: () => <ComingSoon {...props} /> };
  },
});

/** The route table of spec 2 §2; every page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/overlays/bonus-hunt',
    ...page(() => import('@web/features/overlay/OverlayPlaceholderPage')),
  },
  {
    element: <SiteLayout />,
    children: [
      { index: true, ...page(() => import('@web/features/home/pages/HomePage')) },
      { path: '/login', ...page(() => import('@web/features/auth/pages/LoginPage')) },
      ...Object.keys(COMING_SOON).map(comingSoon),
      { path: '/admin-new/*', ...page(() => import('./pages/AdminRefusalPage')) },
      { path: '*', ...page(() => import('./pages/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
