import { useEffect } from 'react';
import { BOOT_SPLASH_ID, SPLASH_STEP_MS, splashProgressAfter } from '@common/splash';
import { splashShownAt } from '@web/lib/splash-clock';

/**
 * Spec 2 §2/§9: the word animates in over about 1.5 s while progress rises 1 per 15 ms up to 100. The page's HTML
 * paints the splash and animates it by CSS before this code arrives (server/platform/boot-splash.ts); this keeps
 * its progress for assistive technology in step with the clock since it showed and calls `onDone` once it reaches 100.
 */
export function SplashProgress({ onDone }: { onDone(): void }) {
  useEffect(() => {
    const splash = document.getElementById(BOOT_SPLASH_ID);
    const tick = () => {
      const value = splashProgressAfter(performance.now() - splashShownAt);
      splash?.setAttribute('aria-valuenow', String(value));
      if (value < 100) return false;
      onDone();
      return true;
    };
    if (tick()) return;
    const timer = setInterval(() => tick() && clearInterval(timer), SPLASH_STEP_MS);
    return () => clearInterval(timer);
  }, [onDone]);

  return null;
}
