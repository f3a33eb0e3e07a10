import { NavLink as RouterNavLink } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { FriendsButton } from '@web/features/members/components/FriendsButton';
import { NotificationsButton } from '@web/features/notifications/components/NotificationsButton';
import { DailyBonusButton } from '@web/features/points/components/DailyBonusTrigger';
import { LiveBadge } from '@web/features/stream/components/LiveBadge';
import { useAuth } from '@web/lib/auth';
import { AFFILIATE_LINKS, STREAM_LINKS } from '../navigation';
import { Brand } from './Brand';
import { MobileMenu } from './MobileMenu';
import { navItemClasses } from './nav-classes';
import { NavDropdown } from './NavDropdown';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { isAuthenticated } = useAuth();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line/80 bg-bg/80 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-2 px-4 sm:px-6">
        {/* Signed in, phones narrower than about 440px have no room for the wordmark beside five controls: the logo stays. */}
        <div className={isAuthenticated ? 'contents max-[439px]:[&_span]:sr-only' : 'contents'}>
          <Brand />
        </div>
        <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 md:flex lg:ml-6">
          <RouterNavLink to="/" end className={({ isActive }) => navItemClasses(isActive)}>
            Home
          </RouterNavLink>
          <NavDropdown label="Affiliates" links={AFFILIATE_LINKS} />
          <NavDropdown label="Stream" links={STREAM_LINKS} />
          <RouterNavLink to="/store" className={({ isActive }) => navItemClasses(isActive)}>
            Store
          </RouterNavLink>
          <RouterNavLink to="/contact" className={({ isActive }) => navItemClasses(isActive)}>
            Contact
          </RouterNavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <LiveBadge />
          {/* Each loads its popover on first use (hover, focus or press). */}
          {isAuthenticated && <FriendsButton />}
          {isAuthenticated && <DailyBonusButton />}
          {isAuthenticated && <NotificationsButton />}
          <div className="hidden md:block">
            {isAuthenticated ? (
              <UserMenu />
            ) : (
              <a href="/login" className={buttonClasses('primary', 'sm')}>
                Sign In
              </a>
            )}
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
