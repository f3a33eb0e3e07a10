import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { takeFlash } from '@web/lib/flash';
import { useSiteSettings } from '@web/lib/site-settings';
import { useToast } from '@web/lib/toast';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Splash } from './Splash';
import { TopBar } from './TopBar';

export function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-accent">
      <Spinner className="size-8" label="Loading page" />
    </div>
  );
}

/** Every page but the overlay: top bar, page, footer, and the two global widgets (cookie banner, toasts). */
export function SiteLayout() {
  const { loading } = useAuth();
  const { site_name } = useSiteSettings();
  const toast = useToast();
  const { pathname } = useLocation();
  const [splashDone, setSplashDone] = useState(!loading);
  const finishSplash = useCallback(() => setSplashDone(true), []);

  // The page shows once the auth delay is over and the splash has reached 100, whichever is later.
  const splashing = loading || !splashDone;

  useEffect(() => {
    if (splashing) return;
    const flash = takeFlash();
    if (flash) toast[flash.type](flash.message);
  }, [splashing, toast]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (splashing) return <Splash word={site_name} onDone={finishSplash} />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-surface-2 focus:px-4 focus:py-2">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="mx-auto w-full max-w-[1200px] flex-1 px-4 pt-24 sm:px-6">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}
