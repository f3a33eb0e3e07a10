import { useEffect, useLayoutEffect, useState } from 'react';
import { BOOT_SPLASH_ID, SPLASH_STEP_MS, splashProgressAfter } from '@common/splash';
import { splashShownAt } from '@web/lib/splash-clock';

/**
 * Spec 2 §2/§9: the first-visit splash. The page's HTML paints it and animates it by CSS before the app's code arrives
 * (server/platform/boot-splash.ts); this keeps its progress for assistive technology in step with the clock since it
 * showed (1 per 15 ms up to 100), and says whether it still covers the page: until the auth delay is over and the
 * progress has reached 100, whichever is later. The splash is removed in the same commit that shows the page, so
 * nothing can reach the page while the splash still covers it.
 */
export function useBootSplash(authLoading: boolean): boolean {
  // A layout that mounts after the auth delay is over while the splash still shows must still bring its progress to 100.
  const [progressDone, setProgressDone] = useState(() => !authLoading && !document.getElementById(BOOT_SPLASH_ID));
  const splashing = authLoading || !progressDone;

  useEffect(() => {
    if (progressDone) return;
    const splash = document.getElementById(BOOT_SPLASH_ID);
    const tick = () => {
      const value = splashProgressAfter(performance.now() - splashShownAt);
      splash?.setAttribute('aria-valuenow', String(value));
      if (value < 100) return false;
      setProgressDone(true);
      return true;
    };
    if (tick()) return;
    const timer = setInterval(() => tick() && clearInterval(timer), SPLASH_STEP_MS);
    return () => clearInterval(timer);
  }, [progressDone]);

  useLayoutEffect(() => {
    if (!splashing) document.getElementById(BOOT_SPLASH_ID)?.remove();
  }, [splashing]);

  return splashing;
}
