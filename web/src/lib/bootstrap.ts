import type { SignedInUser } from '@common/contracts/session';
import type { SiteSettings } from '@common/contracts/settings';
import { DEFAULT_SITE_SETTINGS } from '@common/site-settings-defaults';

/** What the server writes into every page (server/platform/spa.ts). */
export interface Bootstrap {
  user: SignedInUser | null;
  csrf_token: string;
  local_auth: boolean;
  site_name: string;
  settings: SiteSettings;
}

function read(): Bootstrap {
  const element = document.getElementById('app-bootstrap');
  if (element?.textContent) {
    try {
      return JSON.parse(element.textContent) as Bootstrap;
    } catch {
      // Falls through to defaults: the page still renders, signed out.
    }
  }
  return {
    user: null,
    csrf_token: document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '',
    local_auth: false,
    site_name: DEFAULT_SITE_SETTINGS.site_name,
    settings: DEFAULT_SITE_SETTINGS,
  };
}

export const bootstrap: Bootstrap = read();
