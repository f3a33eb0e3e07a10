import { displayName } from '@common/display-name';
import { ArrowLeft, Menu, ShieldCheck, X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/components/ui/cn';
import { RoleBadge } from '@web/components/ui/role-badge';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { useSiteSettings } from '@web/lib/site-settings';
import { ADMIN_NAV } from './navigation';

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a short screen the list scrolls: the page open is always in view.
  // (A block body: Chromium's scrollIntoView returns a promise, which React would take for a clean-up function.)
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={nav} aria-label="Admin" className="space-y-0.5">
      {ADMIN_NAV.map(({ label, to, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={to === '/'}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn('flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition', isActive ? 'bg-accent/15 text-ink ring-1 ring-accent/40' : 'text-ink-2 hover:bg-surface-2 hover:text-ink')
          }
        >
          <Icon className="size-4" aria-hidden /> {label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The admin panel's own frame: a sidebar on desktop, a collapsible menu on mobile. */
export function AdminLayout() {
  const { user } = useAuth();
  const { site_name } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = user ? displayName(user) : '';

  useEffect(() => {
    if (!open) return;
    // Escape closes the open menu, as it does every other menu of the site, and gives the focus back to its button.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="sticky top-0 hidden h-dvh border-r border-line bg-surface/60 p-4 lg:flex lg:flex-col">
        <div className="flex items-center gap-2 px-2 py-3">
          <span className="flex size-9 items-center justify-center rounded-xl bg-accent-gradient text-white">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-bold text-ink">Admin Panel</p>
            <p className="text-xs text-muted">{site_name}</p>
          </div>
        </div>
        <div className="-mx-2 mt-4 min-h-0 flex-1 overflow-y-auto px-2 py-1">
          <Nav />
        </div>
        <div className="mt-2 border-t border-line pt-2">
          <a href="/" className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink-2 hover:bg-surface-2 hover:text-ink">
            <ArrowLeft className="size-4" aria-hidden /> Back to site
          </a>
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-bg/85 px-4 backdrop-blur sm:px-6">
          <button ref={menuButton} type="button" className="rounded-lg p-2 text-ink-2 hover:bg-surface-2 lg:hidden" aria-label={open ? 'Close admin menu' : 'Open admin menu'} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? <X className="size-5" /> : <Menu className="size-5" />}
          </button>
          <p className="font-bold text-ink lg:hidden">Admin Panel</p>
          {user && (
            <div className="ml-auto flex items-center gap-3">
              <RoleBadge role={user.role} />
              <span className="hidden text-sm font-medium text-ink sm:inline">{name}</span>
              <Avatar src={user.avatar} name={name} size="sm" />
            </div>
          )}
        </header>
        {open && (
          <div className="border-b border-line bg-surface p-4 lg:hidden">
            <Nav onNavigate={() => setOpen(false)} />
            <a href="/" className="mt-2 flex items-center gap-2 rounded-lg px-3 py-2.5 text-sm text-ink-2 hover:bg-surface-2">
              <ArrowLeft className="size-4" aria-hidden /> Back to site
            </a>
          </div>
        )}
        <main className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6 lg:p-8">
          <Suspense
            fallback={
              <div className="flex min-h-[40vh] items-center justify-center text-accent">
                <Spinner className="size-8" label="Loading page" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
