import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A route whose page is its own chunk, loaded when the route is first visited. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
