import { useEffect } from 'react';
import { useSiteSettings } from './site-settings';

/** Sets the tab title to "{page} · {site name}". */
export function usePageTitle(title: string) {
  const { site_name } = useSiteSettings();
  useEffect(() => {
    document.title = title ? `${title} · ${site_name}` : site_name;
  }, [title, site_name]);
}
