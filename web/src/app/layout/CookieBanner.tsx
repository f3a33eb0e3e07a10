import { Cookie, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';

/** Spec 1 §2: local storage key and values, and the 1 s delay before the banner shows. */
export const COOKIE_CONSENT_KEY = 'cookie-consent';
export const COOKIE_BANNER_DELAY_MS = 1000;

function storedChoice(): string | null {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
}

export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (storedChoice()) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;

  const choose = (value: 'accepted' | 'rejected') => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, value);
    } catch {
      // Without storage the choice lasts for this page only.
    }
    setVisible(false);
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-[90] mx-auto max-w-3xl animate-toast-in rounded-2xl border border-line bg-surface-2/95 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl shadow-black/50 backdrop-blur sm:p-5"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent sm:flex">
          <Cookie className="size-5" aria-hidden />
        </span>
        <div className="flex-1">
          <p className="font-semibold text-ink">We use cookies</p>
          <p className="mt-1 text-sm text-ink-2">
            Essential cookies keep you signed in and protect your account. With your permission we also remember
            your preferences to improve the site.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => choose('accepted')}>
              Accept All
            </Button>
            <Button size="sm" variant="secondary" onClick={() => choose('rejected')}>
              Reject All
            </Button>
          </div>
        </div>
        <button type="button" onClick={() => setVisible(false)} className="-m-1 rounded-lg p-1.5 text-muted hover:bg-surface-3 hover:text-ink" aria-label="Close cookie banner">
          <X className="size-5" />
        </button>
      </div>
    </section>
  );
}
