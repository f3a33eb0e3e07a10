import { BOOT_SPLASH_ID, BOOT_SPLASH_SHOWN_AT } from '@common/splash';

/**
 * When this tab's splash first showed (performance.now()): the page's HTML paints it and notes the moment
 * (server/platform/boot-splash.ts); without it (the splash already seen, the admin panel), when the app started.
 */
export const splashShownAt = Number(document.getElementById(BOOT_SPLASH_ID)?.getAttribute(BOOT_SPLASH_SHOWN_AT)) || performance.now();
