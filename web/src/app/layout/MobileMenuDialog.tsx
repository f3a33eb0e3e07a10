import { House, LogOut, Mail, Menu, Settings, ShieldCheck, Store, User, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { useAuth } from '@web/lib/auth';
import { useTakeFocus, type IntentHandoff } from '@web/lib/load-on-intent';
import { AFFILIATE_LINKS, STREAM_LINKS, type NavLink } from '../navigation';
import { BrandMark } from './Brand';
import { MENU_BUTTON } from './MobileMenu';
import { MemberSummary } from './MemberSummary';

function MenuLink({ to, icon: Icon, children, onNavigate }: { to: string; icon: NavLink['icon']; children: ReactNode; onNavigate(): void }) {
  const { pathname } = useLocation();
  const active = to === '/' ? pathname === '/' : pathname.startsWith(to);
  return (
    <Link to={to} onClick={onNavigate} className={cn('flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium', active ? 'bg-surface-2 text-ink' : 'text-ink-2 hover:bg-surface-2')}>
      <Icon className={cn('size-4', active ? 'text-accent' : 'text-muted')} aria-hidden />
      {children}
    </Link>
  );
}

function Group({ title, links, onNavigate }: { title: string; links: NavLink[]; onNavigate(): void }) {
  return (
    <div>
      <p className="px-3 pb-1 text-[11px] font-bold tracking-widest text-muted uppercase">{title}</p>
      {links.map((link) => (
        <MenuLink key={link.to} to={link.to} icon={link.icon} onNavigate={onNavigate}>
          {link.label}
        </MenuLink>
      ))}
    </div>
  );
}

/** Spec 1 §2 mobile: a hamburger with the same groups and a user card (or Sign In); loaded on first use (MobileMenu). */
export default function MobileMenuDialog({ handoff }: { handoff: IntentHandoff }) {
  const [open, setOpen] = useState(false);
  const trigger = useTakeFocus(handoff);
  const { user, hasAdminAccess, logout } = useAuth();
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={trigger} className={MENU_BUTTON} aria-label="Open menu">
        <Menu className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=open]:animate-fade-in md:hidden" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100vw)] flex-col border-l border-line bg-surface shadow-2xl data-[state=open]:animate-toast-in md:hidden">
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <Dialog.Title className="flex items-center gap-2 font-bold text-ink">
              <BrandMark className="size-7" /> Menu
            </Dialog.Title>
            <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
            <Dialog.Close className="rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-ink" aria-label="Close menu">
              <X className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
            {user ? (
              <div data-testid="mobile-user-card" className="rounded-xl border border-line bg-surface-2 p-4">
                <MemberSummary user={user} size="lg" />
                <div className="mt-4 grid grid-cols-2 gap-2">
                  <Link to={`/profile/${encodeURIComponent(user.username)}`} onClick={close} className={buttonClasses('secondary', 'sm')}>
                    <User className="size-4" /> Profile
                  </Link>
                  <Link to="/settings" onClick={close} className={buttonClasses('secondary', 'sm')}>
                    <Settings className="size-4" /> Settings
                  </Link>
                  {hasAdminAccess && (
                    <a href="/admin-new/" className={buttonClasses('secondary', 'sm', 'col-span-2')}>
                      <ShieldCheck className="size-4" /> Admin Panel
                    </a>
                  )}
                  <button type="button" onClick={() => void logout()} className={buttonClasses('ghost', 'sm', 'col-span-2 text-red-300')}>
                    <LogOut className="size-4" /> Sign Out
                  </button>
                </div>
              </div>
            ) : (
              <a href="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
                Sign In
              </a>
            )}
            <nav aria-label="Mobile" className="space-y-5">
              <div>
                <MenuLink to="/" icon={House} onNavigate={close}>
                  Home
                </MenuLink>
              </div>
              <Group title="Affiliates" links={AFFILIATE_LINKS} onNavigate={close} />
              <Group title="Stream" links={STREAM_LINKS} onNavigate={close} />
              <div>
                <MenuLink to="/store" icon={Store} onNavigate={close}>
                  Store
                </MenuLink>
                <MenuLink to="/contact" icon={Mail} onNavigate={close}>
                  Contact
                </MenuLink>
              </div>
            </nav>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
