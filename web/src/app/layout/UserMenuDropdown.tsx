import { LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useAuth } from '@web/lib/auth';
import { useTakeFocus, type IntentHandoff } from '@web/lib/load-on-intent';
import { MemberSummary } from './MemberSummary';
import { USER_MENU_BUTTON, UserMenuLabel } from './UserMenu';

const item = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink-2 outline-hidden focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-accent data-[highlighted]:bg-accent/15 data-[highlighted]:text-ink';

/** The account menu itself, loaded on the first hover, focus or press of its trigger (UserMenu). */
export default function UserMenuDropdown({ handoff }: { handoff: IntentHandoff }) {
  const { user, hasAdminAccess, logout } = useAuth();
  const trigger = useTakeFocus(handoff);
  if (!user) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={trigger} className={USER_MENU_BUTTON} aria-label="Account menu">
        <UserMenuLabel />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={10} className="z-50 w-60 animate-fade-in rounded-xl border border-line bg-surface p-2 shadow-2xl shadow-black/50">
          <div className="px-3 pt-2 pb-3">
            <MemberSummary user={user} />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild>
            <Link to={`/profile/${encodeURIComponent(user.username)}`} className={item}>
              <User className="size-4" /> My Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/settings" className={item}>
              <Settings className="size-4" /> Settings
            </Link>
          </DropdownMenu.Item>
          {hasAdminAccess && (
            <DropdownMenu.Item asChild>
              <a href="/admin-new/" className={item}>
                <ShieldCheck className="size-4" /> Admin Panel
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item onSelect={() => void logout()} className={`${item} text-red-300 data-[highlighted]:text-red-200`}>
            <LogOut className="size-4" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
