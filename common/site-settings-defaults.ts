import type { SiteSettings } from './contracts/settings';

/** The fallbacks of spec 1 §3, used for any setting staff have not saved. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  site_name: 'NightSpin',
  site_description:
    'The community hub of the NightSpin stream: points, rewards, raffles, bonus hunts and partner leaderboards.',
  kick_channel: 'nightspin',
  creator_code: 'NIGHTSPIN',
  partners: {
    primary: { name: 'Partner One', url: 'https://example.com/partner-one' },
    secondary: { name: 'Partner Two', url: 'https://example.com/partner-two' },
  },
  friends_enabled: true,
  casino: {
    crypto1_enabled: true,
    crypto2_enabled: true,
    crypto3_enabled: false,
    crypto1_label: 'Casino Account 1',
    crypto2_label: 'Casino Account 2',
    crypto3_label: 'Casino Account 3',
  },
};
