import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { takeFlash } from '@web/lib/flash';
import { useToast } from '@web/lib/toast';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import { useBootSplash } from './use-boot-splash';

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
  const toast = useToast();
  const { pathname } = useLocation();
  const splashing = useBootSplash(loading);
  useEffect(() => {
    if (splashing) return;
    const flash = takeFlash();
    if (flash) toast[flash.type](flash.message);
  }, [splashing, toast]);

  const firstPath = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    // A page that replaced the control which had the focus (a form's button that led here) leaves it nowhere, and the
    // next Tab would start again from the top bar: the page's content takes it instead. Not on the page a visit
    // starts on, where the first Tab belongs to "Skip to content".
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    if (document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  // The page is built under the splash (docs/decisions/005-splash-once-per-tab.md): its code and data load while the
  // splash plays, so it is complete the moment the splash ends instead of starting to load then. Until that moment
  // the opaque splash, painted by the page's HTML, covers it, and `inert` keeps it out of reach of the keyboard and
  // of screen readers.
  return <SiteFrame hidden={splashing} />;
}

function SiteFrame({ hidden }: { hidden: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col" inert={hidden} aria-hidden={hidden || undefined}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-surface-2 focus:px-4 focus:py-2">
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1200px] flex-1 px-4 pt-24 outline-none sm:px-6">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* Its 1 s delay counts from when the page shows. */}
      {!hidden && <CookieBanner />}
    </div>
  );
}
