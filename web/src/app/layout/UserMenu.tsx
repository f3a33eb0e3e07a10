import { displayName } from '@common/display-name';
import { formatPoints } from '@common/format';
import { ChevronDown, LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Avatar } from '@web/components/ui/avatar';
import { useAuth } from '@web/lib/auth';
import { MemberSummary } from './MemberSummary';

const item = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink-2 outline-none data-[highlighted]:bg-surface-2 data-[highlighted]:text-ink';

export function UserMenu() {
  const { user, hasAdminAccess, logout } = useAuth();
  if (!user) return null;
  const name = displayName(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full border border-line bg-surface-2 py-1 pr-3 pl-1 text-sm transition hover:border-line-strong data-[state=open]:border-accent" aria-label="Account menu">
        <Avatar src={user.avatar} name={name} size="sm" />
        <span className="hidden flex-col items-start leading-tight xl:flex">
          <span className="max-w-28 truncate font-semibold text-ink">{name}</span>
          <span className="text-xs text-muted tabular-nums">{formatPoints(user.points)} pts</span>
        </span>
        <ChevronDown className="size-4 text-muted" aria-hidden />
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
